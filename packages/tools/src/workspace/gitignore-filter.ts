import * as path from 'node:path';
import type { Ignore } from 'ignore';
import { toPosix } from './path-safety';
import { readSmallFile } from './small-file';

/** A `.gitignore` larger than this is not read (real ones are a few kilobytes). */
const MAX_RULES_BYTES = 1024 * 1024;

/** The name of a directory's rule file. */
export const RULE_FILE = '.gitignore';

/** Never listed or searched, wherever it appears (not even a `.gitignore` can re-include it). */
export const NEVER_LISTED = '.git';

/**
 * Skipped like a `.gitignore` rule of the lowest precedence: any `.gitignore` negation that
 * names it (`!**\/test/fixtures/**\/node_modules`) re-includes it, as git and ripgrep do.
 */
export const IMPLICIT_RULES = 'node_modules\n';

/** What a listing excludes below a base the caller named explicitly. */
export type FilterMode = 'all' | 'always-skipped' | 'none';

/** The rules of one directory's rule files, rewritten relative to the root. */
interface RuleFile {
  directory: string;
  lines: string[];
}

/**
 * The rules in force inside one directory: the rule files of it and every directory above it, as
 * one matcher of root-relative patterns, shallowest first (the last matching line wins, so a
 * deeper file's rules override). One matcher, not one per file, so that a directory one file
 * excludes and a deeper one re-includes is judged as git judges it, and exactly as ripgrep judges
 * the same lines (see {@link GitignoreFilter.rulesText}).
 */
export interface RuleChain {
  readonly rules: Ignore;
  readonly files: readonly RuleFile[];
  /** False when no rule can exclude a file of this name (a cheap test before `rules`). */
  readonly fileMayMatch: (name: string) => boolean;
}

/**
 * Decides which directory entries a listing or search sees: `.git` never, `node_modules` unless a
 * rule re-includes it, and nothing a `.gitignore` excludes (each directory's, and the root's
 * `.git/info/exclude`). Ignored directories are pruned by the caller, so a file inside one is
 * never re-included. Rule files that are links or not small regular files count as empty (git
 * does not follow a linked `.gitignore` either). Rule files are read once per filter; make a new
 * filter for each call so edits to them are seen.
 */
export class GitignoreFilter {
  private readonly chains = new Map<string, Promise<RuleChain>>();

  /**
   * `mode` picks what is excluded: `all`, `always-skipped` (only `.git` and `node_modules`, for
   * a base some `.gitignore` excludes) or `none` (for a base inside `.git` or `node_modules`).
   */
  /**
   * `ruleDirectories`, when a walk already knows them, are the directories (relative to the root)
   * holding a regular `.gitignore`; no other directory's is opened.
   */
  constructor(
    private readonly root: string,
    readonly mode: FilterMode = 'all',
    private readonly ruleDirectories?: ReadonlySet<string>,
  ) {}

  /** The mode for searching below `base`, which the caller named explicitly. */
  static async modeFor(root: string, base: string): Promise<FilterMode> {
    const relative = toPosix(path.relative(root, base));
    if (relative === '') return 'all';
    const parts = relative.split('/');
    if (parts.includes(NEVER_LISTED) || parts.includes('node_modules')) return 'none';
    return (await new GitignoreFilter(root).excludes(relative, true)) ? 'always-skipped' : 'all';
  }

  /**
   * The rules in force in `directory` (relative to the root, '' for the root). `holdsRuleFile`
   * false, from a listing of the directory, saves trying to open a `.gitignore` that is not there.
   */
  chain(directory: string, holdsRuleFile = true): Promise<RuleChain> {
    let pending = this.chains.get(directory);
    if (!pending) {
      pending = this.loadChain(directory, holdsRuleFile);
      this.chains.set(directory, pending);
    }
    return pending;
  }

  /** Whether an entry called `name` of a directory whose rules are `chain` is listed. */
  keeps(chain: RuleChain, directory: string, name: string, isDirectory: boolean): boolean {
    if (this.mode === 'none') return true;
    if (name === NEVER_LISTED) return false;
    if (this.mode === 'always-skipped') return name !== 'node_modules';
    if (!isDirectory && !chain.fileMayMatch(name)) return true;
    const relative = directory === '' ? name : `${directory}/${name}`;
    return !chain.rules.test(isDirectory ? `${relative}/` : relative).ignored;
  }

  /** Whether `relative` (a path below the root) or any directory above it is excluded. */
  async excludes(relative: string, isDirectory: boolean): Promise<boolean> {
    const parts = relative.split('/');
    for (let depth = 0; depth < parts.length; depth++) {
      const directory = parts.slice(0, depth).join('/');
      const last = depth === parts.length - 1;
      const chain = await this.chain(directory);
      if (!this.keeps(chain, directory, parts[depth], last ? isDirectory : true)) return true;
    }
    return false;
  }

  /**
   * The rules in force in `directories` (relative to the root) as one ignore file whose patterns
   * are relative to the root, shallower directories' lines first, for ripgrep told to read no
   * rule file itself.
   */
  async rulesText(directories: Iterable<string>): Promise<string> {
    if (this.mode !== 'all') return '';
    const files = new Set<RuleFile>();
    for (const chain of await Promise.all([...directories].map((dir) => this.chain(dir)))) {
      for (const file of chain.files) files.add(file);
    }
    const ordered = [...files].sort((a, b) => depthOf(a.directory) - depthOf(b.directory));
    return ordered.flatMap((file) => file.lines).join('\n') + '\n';
  }

  /** Whether the rule file of `directory` itself re-includes anything (has a `!` line). */
  async negates(directory: string): Promise<boolean> {
    const chain = await this.chain(directory);
    const own = chain.files.at(-1);
    return own?.directory === directory && own.lines.some((line) => line.startsWith('!'));
  }

  private async loadChain(directory: string, holdsRuleFile: boolean): Promise<RuleChain> {
    const parent = directory === '' ? undefined : await this.chain(parentOf(directory));
    if (this.mode !== 'all') return parent ?? this.makeChain([]);
    const absolute = path.join(this.root, directory);
    const paths: string[] = [];
    if (directory === '') paths.push(path.join(absolute, '.git', 'info', 'exclude'));
    if (holdsRuleFile && (!this.ruleDirectories || this.ruleDirectories.has(directory))) {
      paths.push(path.join(absolute, RULE_FILE));
    }
    const texts = await Promise.all(
      paths.map((file) =>
        readSmallFile(file, MAX_RULES_BYTES, { followLinks: false }).catch(() => ''),
      ),
    );
    const lines = rebase(texts.join('\n'), directory);
    const inherited = parent?.files ?? [{ directory: '', lines: rebase(IMPLICIT_RULES, '') }];
    if (lines.length === 0) return parent ?? this.makeChain(inherited);
    return this.makeChain([...inherited, { directory, lines }]);
  }

  private makeChain(files: readonly RuleFile[]): RuleChain {
    // Loaded on the first listing or search, not at start-up.
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const ignore = require('ignore') as typeof import('ignore');
    const lines = files.flatMap((file) => file.lines);
    return { rules: ignore().add(lines.join('\n')), files, fileMayMatch: fileNameTest(lines) };
  }
}
function parentOf(directory: string): string {
  const slash = directory.lastIndexOf('/');
  return slash === -1 ? '' : directory.slice(0, slash);
}

/**
 * A test of file names that passes every name some line could exclude: the last segment of each
 * excluding (not negated, not directory-only) line, as a pattern of names. A segment with anything
 * but plain characters and `*` `?` passes every name.
 */
function fileNameTest(lines: string[]): (name: string) => boolean {
  const names: string[] = [];
  for (const line of lines) {
    if (line.startsWith('!') || line.trimEnd().endsWith('/')) continue;
    const segment = line.trimEnd().slice(line.lastIndexOf('/') + 1);
    if (!/^[\w.\- *?]+$/.test(segment) || segment.includes('**')) return () => true;
    const escaped = segment.replace(/[.-]/g, '\\$&').replace(/\*/g, '.*').replace(/\?/g, '.');
    names.push(escaped);
  }
  if (names.length === 0) return () => false;
  const test = new RegExp(`^(?:${names.join('|')})$`);
  return (name) => test.test(name);
}

function depthOf(directory: string): number {
  return directory === '' ? 0 : directory.split('/').length;
}

/**
 * The patterns of a rule file in `directory` rewritten to mean the same relative to the root:
 * a pattern with a slash before its end is anchored to its directory, one without matches at any
 * depth below it.
 */
export function rebase(text: string, directory: string): string[] {
  const lines: string[] = [];
  for (const raw of text.split(/\r?\n/)) {
    if (raw.trim() === '' || raw.startsWith('#')) continue;
    if (directory === '') {
      lines.push(raw);
      continue;
    }
    const negated = raw.startsWith('!');
    const pattern = negated ? raw.slice(1) : raw;
    const body = pattern.endsWith('/') ? pattern.slice(0, -1) : pattern;
    const anchored = body.includes('/');
    const rebased = anchored
      ? `/${directory}/${pattern.replace(/^\//, '')}`
      : `/${directory}/**/${pattern}`;
    lines.push(negated ? `!${rebased}` : rebased);
  }
  return lines;
}
