import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import type { z } from 'zod';
import { lazy, loadZod } from '../lazy';
import { defineTool, ToolError, type Tool, type ToolContext } from '../tool';
import { countLines, looksBinary, statOrUndefined, unifiedDiff } from './file-text';
import { resolveInWorkspace, type WorkspacePath } from './path-safety';

const inputSchema = lazy(() => {
  const { z } = loadZod();
  return z.object({
    path: z
      .string()
      .describe('File path relative to the workspace root; parent directories are created.'),
    content: z.string().describe('The complete new content of the file.'),
  });
});

/** `inputSchema` as JSON Schema, so listing tools loads no zod; a test keeps the two equal. */
const INPUT_JSON_SCHEMA = {
  type: 'object',
  properties: {
    path: {
      type: 'string',
      description: 'File path relative to the workspace root; parent directories are created.',
    },
    content: {
      type: 'string',
      description: 'The complete new content of the file.',
    },
  },
  required: ['path', 'content'],
};

export type WriteFileInput = z.infer<ReturnType<typeof inputSchema>>;

interface PlannedWrite {
  target: WorkspacePath;
  before: string | undefined;
  diff: string;
}

/** Creates or overwrites a workspace file with the given content. */
export function writeFileTool(): Tool<WriteFileInput> {
  return defineTool({
    name: 'write_file',
    description:
      'Create a file, or overwrite one, with the given content. Parent directories are created. ' +
      'Prefer edit_file for changing part of an existing file.',
    get inputSchema() {
      return inputSchema();
    },
    inputJsonSchema: INPUT_JSON_SCHEMA,
    permission: 'edit',
    ruleSubject: (input) => ({ kind: 'path', value: input.path }),
    describe: (input) => `write ${input.path} (${plural(countLines(input.content), 'line')})`,
    async preview(input, ctx) {
      try {
        return (await plan(input, ctx)).diff;
      } catch (error) {
        if (error instanceof ToolError) return undefined;
        throw error;
      }
    },
    async execute(input, ctx) {
      const { target, before, diff } = await plan(input, ctx);
      await fs.mkdir(path.dirname(target.absolute), { recursive: true });
      await fs.writeFile(target.absolute, input.content, 'utf8');
      const lines = plural(countLines(input.content), 'line');
      const verb = before === undefined ? 'Created' : 'Overwrote';
      return {
        output: `${verb} ${target.relative} (${lines}).`,
        summary: `wrote ${lines} to ${target.relative}`,
        diff,
      };
    },
  });
}

async function plan(input: WriteFileInput, ctx: ToolContext): Promise<PlannedWrite> {
  const target = await resolveInWorkspace(ctx.workspaceRoot, input.path);
  if (target.relative === '.')
    throw new ToolError('write_file needs a file path, not the workspace root');
  const stats = await statOrUndefined(target.absolute);
  if (stats?.isDirectory())
    throw new ToolError(`"${target.relative}" is a directory; give a file path`);
  let before: string | undefined;
  if (stats) {
    const content = await fs.readFile(target.absolute);
    before = looksBinary(content)
      ? `(binary file, ${content.length} bytes)\n`
      : content.toString('utf8');
  }
  return { target, before, diff: unifiedDiff(target.relative, before, input.content) };
}

function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}
