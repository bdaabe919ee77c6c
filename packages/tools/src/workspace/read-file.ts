import { z } from 'zod/v4';
import { defineTool, ToolError, type Tool } from '@agent/tool-contract';
import { countLines, readTextFile, truncateLine } from './file-text';
import { resolveInWorkspace } from './path-safety';

/** Lines returned when the call gives no `limit`. */
export const DEFAULT_READ_LINES = 2000;
/** Longer lines are cut, saying how long they were. */
export const MAX_LINE_CHARS = 2000;

/** Largest `limit` a call may ask for. */
export const MAX_READ_LINES = 10_000;
const MAX_OFFSET = 10_000_000;

const inputSchema = z.object({
  path: z.string().describe('File path relative to the workspace root.'),
  offset: z
    .number()
    .int()
    .min(1)
    .max(MAX_OFFSET)
    .optional()
    .describe('1-based line number to start reading from (default 1).'),
  limit: z
    .number()
    .int()
    .min(1)
    .max(MAX_READ_LINES)
    .optional()
    .describe(`Maximum number of lines to read (default ${DEFAULT_READ_LINES}).`),
});

export type ReadFileInput = z.infer<typeof inputSchema>;

/** Reads a text file of the workspace with line numbers, a window at a time. */
export function readFileTool(): Tool<ReadFileInput> {
  return defineTool({
    name: 'read_file',
    description:
      'Read a text file from the workspace. Output lines are prefixed with their line number and a tab. ' +
      `Reads up to ${DEFAULT_READ_LINES} lines from offset; use offset and limit to page through long files. ` +
      'Binary files and files over 5 MB are refused.',
    inputSchema,
    permission: 'read',
    describe: (input) => `read ${input.path}${describeWindow(input)}`,
    async execute(input, ctx) {
      const target = await resolveInWorkspace(ctx.workspaceRoot, input.path);
      const text = await readTextFile(target);
      const total = countLines(text);
      if (total === 0) {
        return {
          output: `(file "${target.relative}" is empty)`,
          summary: `read 0 lines of ${target.relative}`,
        };
      }
      const offset = input.offset ?? 1;
      if (offset > total) {
        throw new ToolError(
          `offset ${offset} is past the end of "${target.relative}", which has ${total} line${total === 1 ? '' : 's'}`,
        );
      }
      const limit = input.limit ?? DEFAULT_READ_LINES;
      const lines = text.split('\n').slice(offset - 1, Math.min(total, offset - 1 + limit));
      const width = Math.max(5, String(offset + lines.length - 1).length);
      const body = lines
        .map((line, index) => {
          const number = String(offset + index).padStart(width);
          return `${number}\t${truncateLine(line.replace(/\r$/, ''), MAX_LINE_CHARS)}`;
        })
        .join('\n');
      const last = offset + lines.length - 1;
      const rest = total - last;
      const footer =
        rest > 0
          ? `\n\n(${rest} more line${rest === 1 ? '' : 's'}; continue with offset=${last + 1})`
          : '';
      return {
        output: body + footer,
        summary: `read ${lines.length} line${lines.length === 1 ? '' : 's'} of ${target.relative}`,
      };
    },
  });
}

function describeWindow(input: ReadFileInput): string {
  if (input.offset === undefined && input.limit === undefined) return '';
  const from = input.offset ?? 1;
  return input.limit === undefined
    ? ` from line ${from}`
    : ` lines ${from}-${from + input.limit - 1}`;
}
