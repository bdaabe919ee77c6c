import { z } from 'zod/v4';
import { defineTool, ToolError, type Tool } from '@agent/tool-contract';
import { statOrUndefined } from './file-text';
import { findFirstFiles, type SearchEngine } from './find-files';
import { resolveInWorkspace } from './path-safety';

/** Entries listed at most; the rest are counted. */
export const MAX_LISTED_FILES = 1000;

const inputSchema = z.object({
  pattern: z
    .string()
    .optional()
    .describe(
      'Glob relative to path, e.g. "**/*.ts" or "src/*.json" (default "**/*": every file).',
    ),
  path: z
    .string()
    .optional()
    .describe('Directory to search, relative to the workspace root (default: the root).'),
});

export type ListFilesInput = z.infer<typeof inputSchema>;

export interface ListFilesOptions {
  /** Which walker lists the files (default: ripgrep where it is installed). */
  engine?: SearchEngine;
}

/** Lists workspace files matching a glob, honouring .gitignore. */
export function listFilesTool(options: ListFilesOptions = {}): Tool<ListFilesInput> {
  return defineTool({
    name: 'list_files',
    description:
      'List files in the workspace matching a glob pattern, sorted, as paths relative to the workspace root. ' +
      'Files excluded by .gitignore, .git, and node_modules directories (unless a .gitignore re-includes them) are skipped. ' +
      `At most ${MAX_LISTED_FILES} paths are returned.`,
    inputSchema,
    permission: 'read',
    describe: (input) => `list ${input.pattern ?? 'files'} in ${input.path ?? '.'}`,
    async execute(input, ctx) {
      const base = await resolveInWorkspace(ctx.workspaceRoot, input.path ?? '.');
      const stats = await statOrUndefined(base.absolute);
      if (!stats) throw new ToolError(`directory "${base.relative}" does not exist`);
      if (!stats.isDirectory()) {
        throw new ToolError(
          `"${base.relative}" is a file, not a directory; use read_file to read it`,
        );
      }
      const pattern = input.pattern ?? '**/*';
      const { first: shown, total } = await findFirstFiles(
        {
          root: base.root,
          base: base.absolute,
          pattern,
          signal: ctx.signal,
          engine: options.engine,
        },
        MAX_LISTED_FILES,
      );
      const where = base.relative === '.' ? 'the workspace' : `"${base.relative}"`;
      if (total === 0) {
        return {
          output: `No files match "${pattern}" in ${where} (.gitignore'd files, .git and node_modules are skipped).`,
          summary: `listed 0 files in ${base.relative}`,
        };
      }
      const omitted = total - shown.length;
      const footer =
        omitted > 0
          ? `\n\n(${omitted} more file${omitted === 1 ? '' : 's'} omitted; narrow the pattern or path)`
          : '';
      return {
        output: shown.join('\n') + footer,
        summary: `listed ${total} file${total === 1 ? '' : 's'} in ${base.relative}`,
      };
    },
  });
}
