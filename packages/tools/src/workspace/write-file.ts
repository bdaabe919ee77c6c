import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import { z } from 'zod/v4';
import { defineTool, ToolError, type Tool, type ToolContext } from '@agent/tool-contract';
import { escalationOfWrite, type CodeRunningOptions } from './code-running-paths';
import { fileDiff, type FileDiff } from './file-diff';
import {
  checkRegular,
  countLines,
  formatBytes,
  looksBinary,
  MAX_FILE_BYTES,
  readRegularFile,
  statOrUndefined,
} from './file-text';
import { resolveInWorkspace, type WorkspacePath } from './path-safety';
import { replaceFile } from './replace-file';

const inputSchema = z.object({
  path: z
    .string()
    .describe('File path relative to the workspace root; parent directories are created.'),
  content: z.string().describe('The complete new content of the file.'),
});

export type WriteFileInput = z.infer<typeof inputSchema>;

interface PlannedWrite {
  target: WorkspacePath;
  before: string | undefined;
  diff: FileDiff;
}

/**
 * The diff a preview computed, by input object (the loop previews and executes the same one), so
 * a long diff is computed once; execute reuses it only while the file is unchanged.
 */
const previewed = new WeakMap<WriteFileInput, PlannedWrite>();

/** Creates or overwrites a workspace file with the given content. */
export function writeFileTool(options: CodeRunningOptions = {}): Tool<WriteFileInput> {
  return defineTool({
    name: 'write_file',
    description:
      'Create a file, or overwrite one, with the given content. Parent directories are created. ' +
      'Prefer edit_file for changing part of an existing file.',
    inputSchema,
    permission: 'edit',
    ruleSubject: (input) => ({ kind: 'path', value: input.path }),
    escalate: (input, ctx) => escalationOfWrite(input.path, ctx, options.agentHome),
    describe: (input) => `write ${input.path} (${plural(countLines(input.content), 'line')})`,
    async preview(input, ctx) {
      const planned = await plan(input, ctx);
      previewed.set(input, planned);
      return planned.diff.text;
    },
    async execute(input, ctx) {
      const { target, before, diff } = await plan(input, ctx, previewed.get(input));
      previewed.delete(input);
      if (before === input.content) {
        return {
          output: `No changes: ${target.relative} already has this content.`,
          summary: `no changes to ${target.relative}`,
          diff: diff.text,
        };
      }
      await fs.mkdir(path.dirname(target.absolute), { recursive: true });
      await replaceFile(target.absolute, input.content);
      const lines = plural(countLines(input.content), 'line');
      const verb = before === undefined ? 'Created' : 'Overwrote';
      return {
        output: `${verb} ${target.relative} (${lines}).`,
        summary: `wrote ${lines} to ${target.relative}`,
        diff: diff.text,
      };
    },
  });
}

async function plan(
  input: WriteFileInput,
  ctx: ToolContext,
  earlier?: PlannedWrite,
): Promise<PlannedWrite> {
  const target = await resolveInWorkspace(ctx.workspaceRoot, input.path);
  if (target.relative === '.')
    throw new ToolError('write_file needs a file path, not the workspace root');
  const stats = await statOrUndefined(target.absolute);
  if (stats?.isDirectory())
    throw new ToolError(`"${target.relative}" is a directory; give a file path`);
  checkRegular(target, stats);
  let before: string | undefined;
  if (stats && stats.size > MAX_FILE_BYTES) {
    before = `(large file, ${formatBytes(stats.size)})\n`;
  } else if (stats) {
    const content = (await readRegularFile(target, MAX_FILE_BYTES)) ?? Buffer.alloc(0);
    before = looksBinary(content)
      ? `(binary file, ${content.length} bytes)\n`
      : content.toString('utf8');
  }
  const diff =
    earlier && earlier.target.absolute === target.absolute && earlier.before === before
      ? earlier.diff
      : fileDiff(target.relative, before, input.content);
  return { target, before, diff };
}

function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}
