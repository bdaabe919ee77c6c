import { z } from 'zod/v4';
import { defineTool } from './tool';
import { toolSpec } from './tool-spec';

function toolWith(inputSchema: z.ZodType) {
  return defineTool({
    name: 'echo',
    description: 'Echo text.',
    inputSchema,
    permission: 'read',
    execute: async () => ({ output: '' }),
  });
}

describe('toolSpec', () => {
  it('advertises the JSON Schema derived from the zod input schema, without $schema', () => {
    const spec = toolSpec(toolWith(z.object({ text: z.string().min(1).describe('What to echo') })));
    expect(spec).toEqual({
      name: 'echo',
      description: 'Echo text.',
      parameters: {
        type: 'object',
        properties: { text: { type: 'string', minLength: 1, description: 'What to echo' } },
        required: ['text'],
      },
    });
  });

  it('describes what the model sends: defaulted fields are optional, strict objects closed', () => {
    const spec = toolSpec(
      toolWith(z.strictObject({ path: z.string(), limit: z.number().min(1).default(10) })),
    );
    expect(spec.parameters).toEqual({
      type: 'object',
      properties: { path: { type: 'string' }, limit: { type: 'number', minimum: 1, default: 10 } },
      required: ['path'],
      additionalProperties: false,
    });
  });

  it('hands out a fresh copy each time, so a provider editing one cannot change the next', () => {
    const tool = toolWith(z.object({ path: z.string() }));
    const first = toolSpec(tool);
    (first.parameters as { properties: Record<string, unknown> }).properties.path = 'changed';
    expect(JSON.stringify(toolSpec(tool).parameters)).not.toContain('changed');
  });
});
