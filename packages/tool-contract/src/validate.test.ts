import { z } from 'zod/v4';
import { defineTool } from './tool';
import { validateToolArguments } from './validate';
import { ToolRegistry } from './registry';

const tool = defineTool({
  name: 'demo',
  description: 'demo tool',
  inputSchema: z.object({ path: z.string(), limit: z.number().int().positive().optional() }),
  permission: 'read',
  execute: async () => ({ output: '' }),
});

describe('validateToolArguments', () => {
  it('accepts valid arguments', () => {
    expect(validateToolArguments(tool, '{"path":"a.ts","limit":3}')).toEqual({
      ok: true,
      input: { path: 'a.ts', limit: 3 },
    });
  });

  it('treats empty argument text as an empty object', () => {
    const outcome = validateToolArguments(tool, '');
    expect(outcome.ok).toBe(false);
    expect(!outcome.ok && outcome.error).toMatch(/^Invalid arguments for demo: path: /);
  });

  it('names malformed JSON as such', () => {
    const outcome = validateToolArguments(tool, '{"path": "a.ts"');
    expect(!outcome.ok && outcome.error).toMatch(/not valid JSON/);
  });

  it('names each bad field', () => {
    const outcome = validateToolArguments(tool, '{"path": 3, "limit": -1}');
    expect(!outcome.ok && outcome.error).toMatch(/path: .*; limit: /);
  });
});

describe('ToolRegistry', () => {
  it('advertises JSON Schema specs and refuses duplicate names', () => {
    const registry = new ToolRegistry([tool]);
    expect(registry.specs()[0]).toEqual({
      name: 'demo',
      description: 'demo tool',
      parameters: expect.objectContaining({
        type: 'object',
        required: ['path'],
        properties: expect.objectContaining({ path: { type: 'string' } }),
      }),
    });
    expect(() => registry.register(tool)).toThrow(/already registered/);
  });
});
