import { z } from 'zod/v4';
import { defineTool, ToolError, type Tool } from '@agent/tool-contract';
import { checkRegular, statOrUndefined, truncateLine } from './file-text';
import { useRipgrep } from './find-files';
import { searchFiles, searchWalk, type GrepSearch } from './grep-js';
import { searchWithRipgrep } from './grep-rg';
import { GrepTally } from './grep-tally';
import { resolveInWorkspace, type WorkspacePath } from './path-safety';
import { toRustPattern } from './rust-regex';
import { planSearch, type SearchEngine } from './search-plan';
import { abortError } from './walk-files';

/** Matching lines reported at most. */
export const MAX_GREP_MATCHES = 200;
/** Matching lines are cut to this many characters. */
export const MAX_GREP_LINE_CHARS = 300;
/** How long the pattern may run on one file before the search is stopped. */
export const GREP_FILE_TIME_LIMIT_MS = 10_000;

export interface GrepOptions {
  /** Overrides GREP_FILE_TIME_LIMIT_MS. */
  fileTimeLimitMs?: number;
  /** Which engine searches (default: ripgrep where it is installed); the answers are the same. */
  engine?: SearchEngine;
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
 * Searches workspace text files line by line with a regular expression: with ripgrep where it is
 * installed (a pattern it cannot read as JavaScript does falls back), else in JavaScript. The
 * JavaScript pattern runs on a worker thread, so abort, or a pattern that backtracks without end,
 * stops it.
 */
export function grepTool(options: GrepOptions = {}): Tool<GrepInput> {
  const fileTimeLimitMs = options.fileTimeLimitMs ?? GREP_FILE_TIME_LIMIT_MS;
  return defineTool({
    name: 'grep',
    description:
      'Search the contents of workspace files with a JavaScript regular expression, line by line. ' +
      'Prints "path:line: text" for each matching line. Files excluded by .gitignore, binary files, ' +
      '.git, and node_modules (unless a .gitignore re-includes it) are skipped. ' +
      `At most ${MAX_GREP_MATCHES} matches are shown.`,
    inputSchema,
    permission: 'read',
    describe: (input) =>
      `grep /${input.pattern}/ in ${input.path ?? '.'}${input.glob ? ` (${input.glob})` : ''}`,
    async execute(input, ctx) {
      const flags = input.ignore_case === true ? 'i' : '';
      compile(input.pattern, flags);
      const target = await resolveInWorkspace(ctx.workspaceRoot, input.path ?? '.');
      const search: GrepSearch = {
        pattern: input.pattern,
        flags,
        timeLimitMs: fileTimeLimitMs,
        signal: ctx.signal,
      };
      const tally = new GrepTally(MAX_GREP_MATCHES);
      const single = await singleFile(target);
      let searched = 0;
      if (single) {
        searched = await searchFiles(
          target.root,
          [target.relative],
          search,
          tally,
          MAX_GREP_MATCHES,
        );
      } else {
        await searchTree(target, input.glob, search, tally, options.engine);
      }
      if (ctx.signal.aborted) throw abortError();
      if (single && searched === 0) {
        throw new ToolError(
          `"${target.relative}" is binary or over 5 MB; grep searches text files only`,
        );
      }
      const where = target.relative === '.' ? 'the workspace' : `"${target.relative}"`;
      const { total, matchedFiles } = tally;
      const summary = `${total} match${total === 1 ? '' : 'es'} in ${matchedFiles} file${matchedFiles === 1 ? '' : 's'}`;
      if (total === 0) {
        return { output: `No matches for /${input.pattern}/ in ${where}.`, summary };
      }
      const lines = tally
        .hits()
        .map(
          (hit) => `${hit.file}:${hit.index + 1}: ${truncateLine(hit.text, MAX_GREP_LINE_CHARS)}`,
        );
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

/** Whether the target is one file (checked to be a regular one) rather than a directory. */
async function singleFile(target: WorkspacePath): Promise<boolean> {
  const stats = await statOrUndefined(target.absolute);
  if (!stats) throw new ToolError(`path "${target.relative}" does not exist`);
  if (stats.isDirectory()) return false;
  checkRegular(target, stats);
  return true;
}

async function searchTree(
  target: WorkspacePath,
  glob: string | undefined,
  search: GrepSearch,
  tally: GrepTally,
  engine: SearchEngine | undefined,
): Promise<void> {
  const pattern = glob === undefined ? '**/*' : glob.includes('/') ? glob : `**/${glob}`;
  const plan = await planSearch({ root: target.root, base: target.absolute, pattern });
  if (!plan) return;
  const rust = (await useRipgrep(engine))
    ? toRustPattern(search.pattern, search.flags.includes('i'))
    : undefined;
  if (rust && (await searchWithRipgrep(plan, rust, search, tally))) return;
  await searchWalk(plan, search, tally, MAX_GREP_MATCHES);
}
