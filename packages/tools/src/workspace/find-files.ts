import * as nodeFs from 'node:fs';
import * as path from 'node:path';
import { ToolError } from '../tool';
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
}

/**
 * Files under `base` matching `pattern`, as sorted forward-slash paths relative to the root.
 * `.git` and `node_modules` are never entered and `.gitignore` rules are honoured while
 * crawling, so ignored directories are pruned rather than filtered afterwards. A `base` the
 * caller named explicitly is searched even when excluded: below a gitignored base only `.git`
 * and `node_modules` are skipped, below a base inside those nothing is. Symbolic links are
 * never followed, and nothing is read or yielded whose real path (every component resolved) lies
 * outside the root: a pattern like `etc/pass*` with `etc -> /etc` crawls from the link itself,
 * so each directory read and each link found is checked.
 */
export async function findFiles(options: FindFilesOptions): Promise<string[]> {
  const { root, base, pattern, signal } = options;
  checkPattern(pattern);
  const filter = new GitignoreFilter(root, await GitignoreFilter.modeFor(root, base));
  const jail = new RealPathJail(root);
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
      const absolute = path.resolve(base, directory);
      jail
        .entriesInside(absolute, entries)
        .then((inside) => filter.filterEntries(absolute, inside))
        .then(
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
    if (!isInside(path.relative(base, absolute))) continue;
    if (!(await jail.holds(absolute))) continue;
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
  if (pattern.split(/[\\/]/).includes('..')) {
    throw new ToolError(
      `glob pattern "${pattern}" contains ".."; set "path" to the directory to search instead`,
    );
  }
}

/**
 * Decides, by real path, what lies inside the root. Directory real paths are cached for one
 * search; an entry that is a symbolic link is resolved on its own.
 */
class RealPathJail {
  private readonly directories = new Map<string, Promise<boolean>>();
  /** Entries already checked while crawling. */
  private readonly vetted = new Set<string>();

  constructor(private readonly root: string) {}

  /** The entries of `directory` whose real paths are inside the root (none if it is outside). */
  async entriesInside<E extends nodeFs.Dirent>(directory: string, entries: E[]): Promise<E[]> {
    if (!(await this.directoryInside(directory))) return [];
    const kept: E[] = [];
    for (const entry of entries) {
      const absolute = path.join(directory, entry.name);
      if (entry.isSymbolicLink() && !(await this.resolvesInside(absolute))) continue;
      this.vetted.add(absolute);
      kept.push(entry);
    }
    return kept;
  }

  /** Whether a path the search yielded really lies inside the root. */
  async holds(absolute: string): Promise<boolean> {
    if (!(await this.directoryInside(path.dirname(absolute)))) return false;
    return this.vetted.has(absolute) || this.resolvesInside(absolute);
  }

  private directoryInside(directory: string): Promise<boolean> {
    let known = this.directories.get(directory);
    if (!known) {
      known = this.resolvesInside(directory);
      this.directories.set(directory, known);
    }
    return known;
  }

  private async resolvesInside(absolute: string): Promise<boolean> {
    try {
      return isInside(path.relative(this.root, await nodeFs.promises.realpath(absolute)));
    } catch {
      return false;
    }
  }
}
