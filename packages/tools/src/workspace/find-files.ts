import * as nodeFs from 'node:fs';
import * as path from 'node:path';
import { ToolError } from '../tool';
import { GitignoreFilter } from './gitignore-filter';
import { toPosix } from './path-safety';

/** A file search below one directory of the workspace. */
export interface FindFilesOptions {
  /** Real absolute path of the workspace root. */
  root: string;
  /** Real absolute path of the directory to search. */
  base: string;
  /** Glob relative to `base`. */
  pattern: string;
  signal?: AbortSignal;
}

/**
 * Files under `base` matching `pattern`, as sorted forward-slash paths relative to the root.
 * `.git` and `node_modules` are never entered and `.gitignore` rules are honoured while
 * crawling, so ignored directories are pruned rather than filtered afterwards. A `base` the
 * caller named explicitly is searched even when excluded: below a gitignored base only `.git`
 * and `node_modules` are skipped, below a base inside those nothing is. Symbolic links are
 * listed but never followed.
 */
export async function findFiles(options: FindFilesOptions): Promise<string[]> {
  const { root, base, pattern, signal } = options;
  checkPattern(pattern);
  const filter = new GitignoreFilter(root, await GitignoreFilter.modeFor(root, base));
  const readdir = (
    directory: string,
    readOptions: { withFileTypes: true },
    callback: (error: NodeJS.ErrnoException | null, entries: nodeFs.Dirent[]) => void,
  ): void => {
    nodeFs.readdir(directory, readOptions, (error, entries) => {
      if (error) {
        callback(error, []);
        return;
      }
      filter.filterEntries(path.resolve(base, directory), entries).then(
        (kept) => callback(null, kept),
        (failure: NodeJS.ErrnoException) => callback(failure, []),
      );
    });
  };
  // Loaded on the first listing or search, not at start-up.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { glob } = require('tinyglobby') as typeof import('tinyglobby');
  const found = await glob(pattern, {
    cwd: base,
    dot: true,
    onlyFiles: true,
    followSymbolicLinks: false,
    fs: { readdir: readdir as unknown as typeof nodeFs.readdir },
    signal,
  });
  if (signal?.aborted) throw new ToolError('the search was aborted');
  const files: string[] = [];
  for (const match of found) {
    const absolute = path.resolve(base, match);
    const fromBase = path.relative(base, absolute);
    if (fromBase.startsWith('..') || path.isAbsolute(fromBase)) continue;
    files.push(toPosix(path.relative(root, absolute)));
  }
  return files.sort();
}

function checkPattern(pattern: string): void {
  if (pattern.trim() === '') throw new ToolError('the glob pattern is empty');
  if (path.isAbsolute(pattern) || pattern.startsWith('/')) {
    throw new ToolError(
      `glob pattern "${pattern}" is absolute; patterns are relative to "path" (default: the workspace root)`,
    );
  }
  if (pattern.includes('..')) {
    throw new ToolError(
      `glob pattern "${pattern}" contains ".."; set "path" to the directory to search instead`,
    );
  }
}
