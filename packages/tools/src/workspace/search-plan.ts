import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import { ToolError } from '@agent/tool-contract';
import { GitignoreFilter } from './gitignore-filter';
import { isInside, toPosix } from './path-safety';

/** A file search below one directory of the workspace. */
export interface FindFilesOptions {
  /** Real absolute path of the workspace root. */
  root: string;
  /** Real absolute path of the directory to search. */
  base: string;
  /** Glob relative to `base`. */
  pattern: string;
  signal?: AbortSignal;
  /** Which walker lists the files: ripgrep where it is installed (the default), or JavaScript. */
  engine?: SearchEngine;
}

/** `auto` uses ripgrep when it is on the machine; both give the same answers. */
export type SearchEngine = 'auto' | 'ripgrep' | 'javascript';

/**
 * Where and how a search walks, decided once for both walkers: the directory the walk starts in
 * (the glob's static prefix, so `src/**\/*.ts` never reads outside `src`), how deep it may go
 * (`*.md` reads one directory), and the test each file's path must pass.
 */
export interface SearchPlan {
  root: string;
  filter: GitignoreFilter;
  /** The start directory relative to the root ('' for the root), forward slashes. */
  start: string;
  /** Levels below `start` a matching file may lie at (1: its entries); undefined: any. */
  maxDepth: number | undefined;
  /** Whether a file (its path relative to the root) matches the glob. */
  matches(relative: string): boolean;
  /** The glob relative to the root, for a walker that filters by glob itself. */
  rootGlob: string;
}

/** The plan, or undefined when the glob's start directory is missing, excluded or outside. */
export async function planSearch(options: FindFilesOptions): Promise<SearchPlan | undefined> {
  const { root, base, pattern } = options;
  checkPattern(pattern);
  // Loaded on the first listing or search, not at start-up.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const picomatch = require('picomatch') as typeof import('picomatch');
  const filter = new GitignoreFilter(root, await GitignoreFilter.modeFor(root, base));
  const baseRelative = toPosix(path.relative(root, base));
  const scan = picomatch.scan(pattern);
  const prefix = scan.isGlob ? scan.base : path.posix.dirname(pattern);
  const rest = scan.isGlob ? scan.glob : path.posix.basename(pattern);
  const start = joinRelative(baseRelative, prefix === '.' ? '' : prefix);
  if (!(await startIsListed(filter, root, baseRelative, start))) return undefined;
  const isMatch = picomatch(pattern, { dot: true });
  const strip = baseRelative === '' ? 0 : baseRelative.length + 1;
  // Every file below the start matches these: no test per file.
  const everything = pattern === '**' || pattern === '**/*';
  return {
    root,
    filter,
    start,
    maxDepth: /\*\*|[{(]/.test(rest) ? undefined : rest.split('/').length,
    matches: everything ? () => true : (relative) => isMatch(relative.slice(strip)),
    rootGlob: baseRelative === '' ? pattern : `${baseRelative}/${pattern}`,
  };
}

function joinRelative(a: string, b: string): string {
  if (a === '') return b;
  return b === '' ? a : `${a}/${b}`;
}

/**
 * Whether the walk may start in `start`: a directory whose real path is inside the root (the
 * prefix may go through a link that stays inside), none of whose components between the base and
 * it is excluded.
 */
async function startIsListed(
  filter: GitignoreFilter,
  root: string,
  baseRelative: string,
  start: string,
): Promise<boolean> {
  const below = start.slice(baseRelative.length).split('/').filter(Boolean);
  let directory = baseRelative;
  for (const name of below) {
    if (!filter.keeps(await filter.chain(directory), directory, name, true)) return false;
    directory = joinRelative(directory, name);
  }
  try {
    const real = await fs.realpath(path.join(root, start));
    if (!isInside(path.relative(root, real))) return false;
    return (await fs.stat(real)).isDirectory();
  } catch {
    return false;
  }
}

export function checkPattern(pattern: string): void {
  if (pattern.trim() === '') throw new ToolError('the glob pattern is empty');
  if (path.isAbsolute(pattern) || pattern.startsWith('/')) {
    throw new ToolError(
      `glob pattern "${pattern}" is absolute; patterns are relative to "path" (default: the workspace root)`,
    );
  }
  if (pattern.split(/[\\/]/).includes('..')) {
    throw new ToolError(
      `glob pattern "${pattern}" contains ".."; set "path" to the directory to search instead`,
    );
  }
}
