import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import { GitignoreFilter, RULE_FILE, type RuleChain } from './gitignore-filter';
import { isInside } from './path-safety';
import { recordSplitter, runRipgrep } from './ripgrep';
import type { SearchPlan } from './search-plan';
import { abortError } from './walk-files';

/**
 * The flags that make ripgrep walk where the plan walks, skipping what no rule can re-include;
 * `maxDepth` counts from the path ripgrep is given (the plan's start unless said otherwise).
 */
export function walkFlags(plan: SearchPlan, maxDepth = plan.maxDepth): string[] {
  const args: string[] = [];
  if (maxDepth !== undefined) args.push('--max-depth', String(maxDepth));
  if (plan.filter.mode !== 'none') args.push('--glob', '!.git');
  if (plan.filter.mode === 'always-skipped') args.push('--glob', '!node_modules');
  return args;
}

/** The start directory as ripgrep's path argument (none for the root: paths print bare). */
export function startArgument(plan: SearchPlan): string[] {
  return plan.start === '' ? [] : ['--', plan.start];
}

/** What a listing names: every file, or only the rule files. */
type Listing = 'files' | 'rule files';

/**
 * The regular files below `starts` (root-relative directories, or the plan's start), or only the
 * rule files, or undefined if ripgrep failed: pruned by `rules` (an ignore file's text;
 * `.gitignore` files met on the way are not applied), and by nothing but `.git` when `rules` is
 * undefined. Every rule file in a directory walked is named, even one the rules exclude (git
 * reads an ignored `.gitignore` too); the caller drops those.
 */
async function listBelow(
  plan: SearchPlan,
  listing: Listing,
  rules: string | undefined,
  signal: AbortSignal | undefined,
  starts?: { paths: string[]; maxDepth: number | undefined },
): Promise<string[] | undefined> {
  const paths: string[] = [];
  const split = recordSplitter('\0', (record) => paths.push(record));
  const where = starts ? ['--', ...starts.paths] : startArgument(plan);
  const { code } = await runRipgrep({
    cwd: plan.root,
    args: [
      ...walkFlags(plan, starts ? starts.maxDepth : plan.maxDepth),
      ...(listing === 'rule files' ? ['--glob', RULE_FILE] : []),
      '--files',
    ].concat('--null', where),
    // A glob on the command line overrides every rule; a negation last overrides the others.
    rules: listing === 'files' && rules !== undefined ? `${rules}\n!${RULE_FILE}\n` : rules,
    signal,
    onData: (chunk) => split(chunk),
  });
  return code === 2 && paths.length === 0 ? undefined : paths;
}

/** A pruned listing, the directories holding its rule files, and a filter reading only those. */
interface PrunedListing {
  paths: string[];
  ruleDirectories: Set<string>;
  filter: GitignoreFilter;
}

/**
 * A listing pruned by the rules as they are learnt (so an ignored `node_modules` is never walked):
 * first by the start's and its ancestors' rules; then, below each directory whose own
 * `.gitignore` re-includes something (a rule there can bring back a directory that pruning left
 * out, and only below it), listed again with every rule found so far, until no new such rule file
 * turns up. Rule files are read by the filter (safely), never by ripgrep.
 */
async function listPruned(
  plan: SearchPlan,
  listing: Listing,
  signal: AbortSignal | undefined,
): Promise<PrunedListing | undefined> {
  let paths = await listBelow(plan, listing, await plan.filter.rulesText([plan.start]), signal);
  if (!paths) return undefined;
  const directories = ruleDirectories(plan, paths);
  let filter = new GitignoreFilter(plan.root, 'all', directories);
  let fresh = [...directories].filter((directory) => isBelow(directory, plan.start));
  for (;;) {
    const negations = await Promise.all(fresh.map((directory) => filter.negates(directory)));
    const tops = await relistable(plan, outermost(fresh.filter((_, index) => negations[index])));
    if (tops.length === 0) return { paths, ruleDirectories: directories, filter };
    const rules = await filter.rulesText(directories);
    const relisted = await listAgain(plan, listing, tops, rules, signal);
    if (!relisted) return undefined;
    const relistedTops = tops.map((top) => `${top}/`);
    paths = paths.filter((relative) => !relistedTops.some((top) => relative.startsWith(top)));
    paths.push(...relisted);
    const known = directories.size;
    fresh = [...ruleDirectories(plan, relisted, directories)].slice(known);
    filter = new GitignoreFilter(plan.root, 'all', directories);
  }
}

/**
 * The directories below the start that may hold a file the plan selects and are still
 * directories inside the root (one swapped for a link is not listed through).
 */
async function relistable(plan: SearchPlan, directories: string[]): Promise<string[]> {
  const kept = await Promise.all(
    directories.map(
      async (directory) =>
        (remainingDepth(plan, directory) ?? 1) >= 1 &&
        (await isDirectoryInside(plan.root, directory)),
    ),
  );
  return directories.filter((_, index) => kept[index]);
}

/** `tops` listed again with `rules`, each as deep as the plan still allows below it. */
async function listAgain(
  plan: SearchPlan,
  listing: Listing,
  tops: string[],
  rules: string,
  signal: AbortSignal | undefined,
): Promise<string[] | undefined> {
  const byDepth = new Map<number | undefined, string[]>();
  for (const top of tops) {
    const depth = remainingDepth(plan, top);
    byDepth.set(depth, [...(byDepth.get(depth) ?? []), top]);
  }
  const listings = await Promise.all(
    [...byDepth].map(([maxDepth, paths]) =>
      listBelow(plan, listing, rules, signal, { paths, maxDepth }),
    ),
  );
  return listings.includes(undefined) ? undefined : (listings.flat() as string[]);
}

/** How many levels below `directory` the plan's depth limit still allows (undefined: any). */
function remainingDepth(plan: SearchPlan, directory: string): number | undefined {
  if (plan.maxDepth === undefined) return undefined;
  const levels =
    directory.split('/').length - (plan.start === '' ? 0 : plan.start.split('/').length);
  return plan.maxDepth - levels;
}

async function isDirectoryInside(root: string, relative: string): Promise<boolean> {
  try {
    const real = await fs.realpath(path.join(root, relative));
    return isInside(path.relative(root, real)) && (await fs.stat(real)).isDirectory();
  } catch {
    return false;
  }
}

/** The directories none of whose ancestors is among them. */
function outermost(directories: string[]): string[] {
  const sorted = [...directories].sort();
  return sorted.filter(
    (directory, index) => !sorted.slice(0, index).some((other) => isBelow(directory, other)),
  );
}

function isBelow(directory: string, start: string): boolean {
  return start === '' ? directory !== '' : directory.startsWith(`${start}/`);
}

/**
 * The files a plan selects, listed by ripgrep and kept by the plan's rules; undefined when
 * ripgrep failed without listing anything (the caller walks in JavaScript instead). ripgrep reads
 * no rule file itself (it would open a planted FIFO `.gitignore` and wait): it lists with the
 * rules read so far, the listing names every regular `.gitignore` below, and those are read
 * safely and applied here. Rejects on abort.
 */
export async function ripgrepFiles(
  plan: SearchPlan,
  signal?: AbortSignal,
): Promise<string[] | undefined> {
  if (plan.filter.mode !== 'all') {
    const paths = await listBelow(plan, 'files', undefined, signal);
    return paths?.filter((relative) => plan.matches(relative));
  }
  const listed = await listPruned(plan, 'files', signal);
  if (!listed) return undefined;
  const belowRules = belowNestedRules(plan, listed.ruleDirectories);
  // ripgrep applied the start's rules itself; only what lies below a deeper rule file is
  // checked again here.
  const found: string[] = [];
  const checked: string[] = [];
  for (const relative of listed.paths) {
    if (!plan.matches(relative)) continue;
    (belowRules(relative) || isRuleFile(relative) ? checked : found).push(relative);
  }
  if (checked.length === 0) return found;
  const { filter } = listed;
  const { kept: keptDirectories, startChain } = await keptDirectoriesOf(
    plan,
    { ...listed, paths: checked },
    signal,
  );
  for (const relative of checked) {
    const directory = parentOf(relative);
    const chain = keptDirectories.get(directory);
    if (!chain) continue;
    const name = relative.slice(directory === '' ? 0 : directory.length + 1);
    const decided = chain === startChain && name !== RULE_FILE;
    if (decided || filter.keeps(chain, directory, name, false)) found.push(relative);
  }
  return found;
}

/**
 * A test of listed files: whether a directory between the plan's start and the file holds a rule
 * file (or is named like one), so that ripgrep, given only the start's rules, did not decide it.
 * Answers are kept per directory, and a file of the directory asked last (files of one directory
 * arrive together) is answered without cutting out its directory.
 */
function belowNestedRules(
  plan: SearchPlan,
  ruleDirectories: ReadonlySet<string>,
): (file: string) => boolean {
  const nested = new Set(
    [...ruleDirectories].filter((directory) => isBelow(directory, plan.start)),
  );
  const answers = new Map<string, boolean>();
  const below = (directory: string): boolean => {
    let answer = answers.get(directory);
    if (answer === undefined) {
      answer =
        nested.has(directory) ||
        // A directory by that name, which the rule files' re-inclusion may have brought back.
        isRuleFile(directory) ||
        (directory !== plan.start && directory !== '' && below(parentOf(directory)));
      answers.set(directory, answer);
    }
    return answer;
  };
  let lastDirectory = '\0';
  let lastAnswer = false;
  return (file) => {
    const slash = file.lastIndexOf('/');
    if (slash === lastDirectory.length && file.startsWith(lastDirectory)) return lastAnswer;
    lastDirectory = slash === -1 ? '' : file.slice(0, slash);
    lastAnswer = below(lastDirectory);
    return lastAnswer;
  };
}

/**
 * The rules text for a ripgrep search of the plan's start: every rule in force at or below it.
 * Found by a listing of the `.gitignore` files alone, read safely here.
 */
export async function ripgrepRules(
  plan: SearchPlan,
  signal?: AbortSignal,
): Promise<string | undefined> {
  if (plan.filter.mode !== 'all') return '';
  const listed = await listPruned(plan, 'rule files', signal);
  if (!listed) return undefined;
  return listed.filter.rulesText(listed.ruleDirectories);
}

/**
 * `into` (by default every directory from the root to the start) with the directories holding a
 * listed `.gitignore` added after what it held.
 */
function ruleDirectories(
  plan: SearchPlan,
  paths: string[],
  into = new Set([...ancestorsOf(plan.start), plan.start]),
): Set<string> {
  const directories = into;
  for (const relative of paths) {
    if (isRuleFile(relative)) directories.add(parentOf(relative));
  }
  return directories;
}

function ancestorsOf(directory: string): string[] {
  const parts = directory === '' ? [] : directory.split('/');
  return parts.map((_, index) => parts.slice(0, index).join('/'));
}

/**
 * The directories of the listing that the rules keep (the start is kept: the plan checked it),
 * each with its rule chain, decided from the start downwards so that nothing below an excluded
 * directory is ever considered and no rule file inside one is read. A directory whose chain is
 * the start's (no rule file between) was decided by ripgrep, which listed with those rules, unless
 * it is named like a rule file (re-included for the listing).
 */
async function keptDirectoriesOf(
  plan: SearchPlan,
  { paths, filter, ruleDirectories }: PrunedListing,
  signal: AbortSignal | undefined,
): Promise<{ kept: Map<string, RuleChain>; startChain: RuleChain }> {
  if (signal?.aborted) throw abortError();
  const byDepth = new Map<number, string[]>();
  const seen = new Set<string>([plan.start]);
  for (const relative of paths) {
    for (let directory = parentOf(relative); !seen.has(directory);) {
      seen.add(directory);
      const depth = directory.split('/').length;
      let level = byDepth.get(depth);
      if (!level) byDepth.set(depth, (level = []));
      level.push(directory);
      directory = parentOf(directory);
    }
  }
  const startChain = await filter.chain(plan.start);
  const kept = new Map([[plan.start, startChain]]);
  const depths = [...byDepth.keys()].sort((a, b) => a - b);
  for (const depth of depths) {
    // An aborted listing stops between levels instead of reading every folder's rules.
    if (signal?.aborted) throw abortError();
    const level = byDepth.get(depth)!.filter((directory) => {
      const parent = parentOf(directory);
      const chain = kept.get(parent);
      const name = directory.slice(parent === '' ? 0 : parent.length + 1);
      if (chain === startChain && name !== RULE_FILE) return true;
      return chain !== undefined && filter.keeps(chain, parent, name, true);
    });
    // A directory without a rule file has its parent's chain; no promise for each.
    const chains = await Promise.all(
      level.map((directory) =>
        ruleDirectories.has(directory) ? filter.chain(directory) : kept.get(parentOf(directory))!,
      ),
    );
    level.forEach((directory, index) => kept.set(directory, chains[index]));
  }
  return { kept, startChain };
}

function parentOf(relative: string): string {
  const slash = relative.lastIndexOf('/');
  return slash === -1 ? '' : relative.slice(0, slash);
}

function isRuleFile(relative: string): boolean {
  return relative === RULE_FILE || relative.endsWith(`/${RULE_FILE}`);
}
