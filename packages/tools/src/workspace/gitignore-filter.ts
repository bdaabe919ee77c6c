import * as path from 'node:path';
import type { Ignore } from 'ignore';
import { toPosix } from './path-safety';
import { readSmallFile } from './small-file';

/** A `.gitignore` larger than this is not read (real ones are a few kilobytes). */
const MAX_RULES_BYTES = 1024 * 1024;

/** Directory names never listed or searched, wherever they appear. */
export const ALWAYS_SKIPPED = ['.git', 'node_modules'] as const;

/**
 * Decides which directory entries a listing or search sees: `.git` and `node_modules` never,
 * and nothing a `.gitignore` excludes (the root's, nested ones, and `.git/info/exclude`), with
 * git's precedence: a deeper file's rules override a shallower file's. Ignored directories are
 * pruned by the caller, so a file inside one is never re-included. Rule files are read once
 * per filter; make a new filter for each call so edits to them are seen.
 */
export class GitignoreFilter {
  private readonly rules = new Map<string, Promise<Ignore | undefined>>();

  /**
   * `mode` picks what is excluded: `all`, `always-skipped` (only `.git` and `node_modules`, for
   * a base some `.gitignore` excludes) or `none` (for a base inside `.git` or `node_modules`).
   */
  constructor(
    private readonly root: string,
    private readonly mode: 'all' | 'always-skipped' | 'none' = 'all',
  ) {}

  /** The mode for searching below `base`, which the caller named explicitly. */
  static async modeFor(root: string, base: string): Promise<'all' | 'always-skipped' | 'none'> {
    const parts = toPosix(path.relative(root, base)).split('/');
    if (parts.some((part) => (ALWAYS_SKIPPED as readonly string[]).includes(part))) return 'none';
    return (await new GitignoreFilter(root).ignores(base, true)) ? 'always-skipped' : 'all';
  }

  /** True when `absolute` (a file or directory inside the root) is excluded. */
  async ignores(absolute: string, isDirectory: boolean): Promise<boolean> {
    if (this.mode === 'none') return false;
    const relative = toPosix(path.relative(this.root, absolute));
    if (relative === '') return false;
    const parts = relative.split('/');
    if (parts.some((part) => (ALWAYS_SKIPPED as readonly string[]).includes(part))) return true;
    if (this.mode !== 'all') return false;
    let ignored = false;
    for (let depth = 0; depth < parts.length; depth++) {
      const rules = await this.rulesOf(path.join(this.root, ...parts.slice(0, depth)));
      if (!rules) continue;
      const below = parts.slice(depth).join('/') + (isDirectory ? '/' : '');
      const verdict = rules.test(below);
      if (verdict.ignored) ignored = true;
      else if (verdict.unignored) ignored = false;
    }
    return ignored;
  }

  /** Keeps the entries of `directory` that are not excluded. */
  async filterEntries<E extends { name: string; isDirectory(): boolean }>(
    directory: string,
    entries: E[],
  ): Promise<E[]> {
    if (this.mode === 'none') return entries;
    const kept: E[] = [];
    for (const entry of entries) {
      if ((ALWAYS_SKIPPED as readonly string[]).includes(entry.name)) continue;
      if (this.mode === 'always-skipped') {
        kept.push(entry);
        continue;
      }
      if (!(await this.ignores(path.join(directory, entry.name), entry.isDirectory()))) {
        kept.push(entry);
      }
    }
    return kept;
  }

  private rulesOf(directory: string): Promise<Ignore | undefined> {
    let pending = this.rules.get(directory);
    if (!pending) {
      pending = this.loadRules(directory);
      this.rules.set(directory, pending);
    }
    return pending;
  }

  private async loadRules(directory: string): Promise<Ignore | undefined> {
    const files = [path.join(directory, '.gitignore')];
    if (directory === this.root) files.unshift(path.join(directory, '.git', 'info', 'exclude'));
    // A rule file that is not a small regular file (a planted FIFO) counts as empty.
    const texts = await Promise.all(
      files.map((file) => readSmallFile(file, MAX_RULES_BYTES).catch(() => '')),
    );
    const text = texts.join('\n');
    if (text.trim() === '') return undefined;
    // Loaded on the first rule file met, not at start-up.
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const ignore = require('ignore') as typeof import('ignore');
    return ignore().add(text);
  }
}
