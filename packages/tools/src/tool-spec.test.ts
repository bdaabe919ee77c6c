import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { z } from 'zod';
import { defineTool } from './tool';
import { inputJsonSchemaOf, toolSpec } from './tool-spec';
import { createWorkspaceTools } from './workspace';

describe('toolSpec', () => {
  it.each(createWorkspaceTools().map((tool) => [tool.name, tool] as const))(
    '%s advertises exactly the JSON Schema of its zod input schema',
    (_name, tool) => {
      // Compared as text: key order is part of the request bytes (prompt caching).
      expect(JSON.stringify(toolSpec(tool).parameters)).toBe(
        JSON.stringify(inputJsonSchemaOf(tool.inputSchema)),
      );
    },
  );

  it('derives the JSON Schema from zod for a tool that gives none', () => {
    const tool = defineTool({
      name: 'echo',
      description: 'Echo text.',
      inputSchema: z.object({ text: z.string().min(1) }),
      permission: 'read',
      execute: async (input) => ({ output: input.text }),
    });
    expect(toolSpec(tool).parameters).toEqual({
      type: 'object',
      properties: { text: { type: 'string', minLength: 1 } },
      required: ['text'],
    });
  });

  it('hands out a fresh copy each time, so a provider editing one cannot change the next', () => {
    const [tool] = createWorkspaceTools();
    const first = toolSpec(tool!);
    (first.parameters as { properties: Record<string, unknown> }).properties.path = 'changed';
    expect(JSON.stringify(toolSpec(tool!).parameters)).not.toContain('changed');
  });

  it('lists the workspace tools without loading zod, and validates with it on first use', () => {
    const dist = path.resolve(__dirname, '..', 'dist', 'index.js');
    const script = `
      const tools = require(${JSON.stringify(dist)});
      const loaded = () => Object.keys(require.cache).some((file) => /[\\\\/]zod[\\\\/]/.test(file));
      const registry = new tools.ToolRegistry(tools.createWorkspaceTools());
      registry.specs();
      const before = loaded();
      const outcome = tools.validateToolArguments(registry.get('read_file'), '{"path": 3}');
      console.log(JSON.stringify({ before, after: loaded(), outcome }));`;
    const result = spawnSync(process.execPath, ['-e', script], { encoding: 'utf8' });
    expect(result.stderr).toBe('');
    const report = JSON.parse(result.stdout) as {
      before: boolean;
      after: boolean;
      outcome: unknown;
    };
    expect(report).toEqual({
      before: false,
      after: true,
      outcome: {
        ok: false,
        error: expect.stringMatching(/^Invalid arguments for read_file: path: /),
      },
    });
  });
});
