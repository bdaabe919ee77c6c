import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import { z } from 'zod';
import { defineTool, ToolError, type Tool } from '../tool';
import {
  checkRegular,
  looksBinary,
  MAX_FILE_BYTES,
  readRegularFile,
  statOrUndefined,
  truncateLine,
} from './file-text';
import { findFiles } from './find-files';
import { LineMatcher } from './line-matcher';
import { resolveInWorkspace, type WorkspacePath } from './path-safety';

/** Matching lines reported at most. */
export const MAX_GREP_MATCHES = 200;
/** Matching lines are cut to this many characters. */
export const MAX_GREP_LINE_CHARS = 300;
/** How long the pattern may run on one file before the search is stopped. */
export const GREP_FILE_TIME_LIMIT_MS = 10_000;

export interface GrepOptions {
  /** Overrides GREP_FILE_TIME_LIMIT_MS. */
  fileTimeLimitMs?: number;
}

const inputSchema = z.object({
  pattern: z.string().describe('JavaScript regular expression searched for in each line.'),
  path: z
    .string()
    .optional()
    .describe('File or directory to search, relative to the workspace root (default: the root).'),
  glob: z
    .string()
    .optional()
    .describe(
      'Only search files matching this glob, e.g. "*.ts" (a glob without "/" matches file names at any depth).',
    ),
  ignore_case: z.boolean().optional().describe('Match case-insensitively (default false).'),
});

export type GrepInput = z.infer<typeof inputSchema>;

/**
 * Searches workspace text files line by line with a regular expression. The pattern runs on a
 * worker thread, so abort, or a pattern that backtracks without end, stops it.
 */
export function grepTool(options: GrepOptions = {}): Tool<GrepInput> {
  const fileTimeLimitMs = options.fileTimeLimitMs ?? GREP_FILE_TIME_LIMIT_MS;
  return defineTool({
    name: 'grep',
    description:
      'Search the contents of workspace files with a JavaScript regular expression, line by line. ' +
      'Prints "path:line: text" for each matching line. Files excluded by .gitignore, binary files, ' +
      `.git and node_modules are skipped. At most ${MAX_GREP_MATCHES} matches are shown.`,
    inputSchema,
    permission: 'read',
    describe: (input) =>
      `grep /${input.pattern}/ in ${input.path ?? '.'}${input.glob ? ` (${input.glob})` : ''}`,
    async execute(input, ctx) {
      const flags = input.ignore_case === true ? 'i' : '';
      compile(input.pattern, flags);
      const target = await resolveInWorkspace(ctx.workspaceRoot, input.path ?? '.');
      const files = await filesToSearch(target, input.glob, ctx.signal);
      const lines: string[] = [];
      const matchedFiles = new Set<string>();
      let total = 0;
      let searched = 0;
      const matcher = new LineMatcher(input.pattern, flags, fileTimeLimitMs);
      try {
        for (const file of files) {
          if (ctx.signal.aborted) throw new ToolError('the search was aborted');
          const text = await readSearchable(target.root, file);
          if (text === undefined) continue;
          searched++;
          const room = MAX_GREP_MATCHES - lines.length;
          const { count, hits } = await matcher.match(text, room, file, ctx.signal);
          if (count === 0) continue;
          total += count;
          matchedFiles.add(file);
          for (const hit of hits) {
            lines.push(`${file}:${hit.index + 1}: ${truncateLine(hit.text, MAX_GREP_LINE_CHARS)}`);
          }
        }
      } finally {
        matcher.close();
      }
      if (searched === 0 && files.length === 1 && files[0] === target.relative) {
        throw new ToolError(
          `"${target.relative}" is binary or over 5 MB; grep searches text files only`,
        );
      }
      const where = target.relative === '.' ? 'the workspace' : `"${target.relative}"`;
      const summary = `${total} match${total === 1 ? '' : 'es'} in ${matchedFiles.size} file${matchedFiles.size === 1 ? '' : 's'}`;
      if (total === 0) {
        return { output: `No matches for /${input.pattern}/ in ${where}.`, summary };
      }
      const omitted = total - lines.length;
      const footer =
        omitted > 0
          ? `\n\n(${omitted} more match${omitted === 1 ? '' : 'es'} omitted; narrow the pattern, path or glob)`
          : '';
      return { output: lines.join('\n') + footer, summary };
    },
  });
}

/** Checks the pattern here, where a syntax error can be reported well. */
function compile(pattern: string, flags: string): RegExp {
  try {
    return new RegExp(pattern, flags);
  } catch (error) {
    throw new ToolError(
      `invalid regular expression /${pattern}/: ${(error as Error).message}. ` +
        'grep uses JavaScript regex syntax; escape special characters such as ( [ { . * + ? with a backslash to match them literally.',
    );
  }
}

async function filesToSearch(
  target: WorkspacePath,
  glob: string | undefined,
  signal: AbortSignal,
): Promise<string[]> {
  const stats = await statOrUndefined(target.absolute);
  if (!stats) throw new ToolError(`path "${target.relative}" does not exist`);
  if (!stats.isDirectory()) {
    checkRegular(target, stats);
    return [target.relative];
  }
  const pattern = glob === undefined ? '**/*' : glob.includes('/') ? glob : `**/${glob}`;
  return findFiles({ root: target.root, base: target.absolute, pattern, signal });
}

/**
 * The file's text, or undefined for files grep skips: links leaving the workspace, special
 * files (a FIFO is never waited on), huge or binary files. The search checked every path it
 * yielded against the root, so only a file that is itself a link needs resolving again.
 */
async function readSearchable(root: string, file: string): Promise<string | undefined> {
  let target: WorkspacePath = { absolute: path.join(root, file), relative: file, root };
  try {
    if ((await fs.lstat(target.absolute)).isSymbolicLink()) {
      target = await resolveInWorkspace(root, file);
    }
  } catch {
    return undefined;
  }
  const content = await readRegularFile(target, MAX_FILE_BYTES).catch(() => undefined);
  if (!content || looksBinary(content)) return undefined;
  return content.toString('utf8');
}
