import { GitignoreFilter } from './gitignore-filter';
import { recordSplitter, runRipgrep } from './ripgrep';
import type { SearchPlan } from './search-plan';
import { abortError } from './walk-files';

/** The flags that make ripgrep walk where the plan walks, skipping what no rule can re-include. */
export function walkFlags(plan: SearchPlan): string[] {
  const args: string[] = [];
  if (plan.maxDepth !== undefined) args.push('--max-depth', String(plan.maxDepth));
  if (plan.filter.mode !== 'none') args.push('--glob', '!.git');
  if (plan.filter.mode === 'always-skipped') args.push('--glob', '!node_modules');
  return args;
}

/** The start directory as ripgrep's path argument (none for the root: paths print bare). */
export function startArgument(plan: SearchPlan): string[] {
  return plan.start === '' ? [] : ['--', plan.start];
}

/**
 * The regular files below the plan's start, or undefined if ripgrep failed: pruned by the rules of
 * the start and the directories above it (`.gitignore` files below are not applied), or, when
 * `pruned` is false, by nothing but `.git`.
 */
async function listAll(
  plan: SearchPlan,
  extra: string[],
  pruned: boolean,
  signal: AbortSignal | undefined,
): Promise<string[] | undefined> {
  const paths: string[] = [];
  const split = recordSplitter('\0', (record) => paths.push(record));
  const { code } = await runRipgrep({
    cwd: plan.root,
    args: [...walkFlags(plan), ...extra, '--files', '--null', ...startArgument(plan)],
    rules: pruned ? await plan.filter.rulesText([plan.start]) : undefined,
    signal,
    onData: (chunk) => split(chunk),
  });
  return code === 2 && paths.length === 0 ? undefined : paths;
}

/**
 * A listing pruned by the start's rules (so an ignored `node_modules` is never walked), unless a
 * `.gitignore` below the start re-includes something: a rule there could then bring back what
 * that pruning left out, and the listing is made again without it. Also returns a filter that
 * reads only the rule files the listing found.
 */
async function listPruned(
  plan: SearchPlan,
  extra: string[],
  signal: AbortSignal | undefined,
): Promise<{ paths: string[]; filter: GitignoreFilter } | undefined> {
  let paths = await listAll(plan, extra, true, signal);
  if (!paths) return undefined;
  let directories = ruleDirectories(plan, paths);
  let filter = new GitignoreFilter(plan.root, 'all', directories);
  const below = [...directories].filter((directory) => isBelow(directory, plan.start));
  const negations = await Promise.all(below.map((directory) => filter.negates(directory)));
  if (negations.includes(true)) {
    paths = await listAll(plan, extra, false, signal);
    if (!paths) return undefined;
    directories = ruleDirectories(plan, paths);
    filter = new GitignoreFilter(plan.root, 'all', directories);
  }
  return { paths, filter };
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
    const paths = await listAll(plan, [], false, signal);
    return paths?.filter((relative) => plan.matches(relative));
  }
  const listed = await listPruned(plan, [], signal);
  if (!listed) return undefined;
  const { paths, filter } = listed;
  const keptDirectories = await keptDirectoriesOf(plan, filter, paths, signal);
  const found: string[] = [];
  for (const relative of paths) {
    const directory = parentOf(relative);
    const chain = keptDirectories.get(directory);
    if (!chain || !plan.matches(relative)) continue;
    const name = relative.slice(directory === '' ? 0 : directory.length + 1);
    if (filter.keeps(chain, directory, name, false)) found.push(relative);
  }
  return found;
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
  const listed = await listPruned(plan, ['--glob', '.gitignore'], signal);
  if (!listed) return undefined;
  return listed.filter.rulesText(ruleDirectories(plan, listed.paths));
}

/** The directories holding a listed `.gitignore`, and every directory from the root to the start. */
function ruleDirectories(plan: SearchPlan, paths: string[]): Set<string> {
  const directories = new Set<string>(ancestorsOf(plan.start));
  directories.add(plan.start);
  for (const relative of paths) {
    if (relative === '.gitignore') directories.add('');
    else if (relative.endsWith('/.gitignore')) directories.add(relative.slice(0, -11));
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
 * directory is ever considered and no rule file inside one is read.
 */
async function keptDirectoriesOf(
  plan: SearchPlan,
  filter: GitignoreFilter,
  paths: string[],
  signal: AbortSignal | undefined,
): Promise<Map<string, Awaited<ReturnType<GitignoreFilter['chain']>>>> {
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
  const kept = new Map([[plan.start, await filter.chain(plan.start)]]);
  const depths = [...byDepth.keys()].sort((a, b) => a - b);
  for (const depth of depths) {
    // An aborted listing stops between levels instead of reading every folder's rules.
    if (signal?.aborted) throw abortError();
    const level = byDepth.get(depth)!.filter((directory) => {
      const parent = parentOf(directory);
      const chain = kept.get(parent);
      const name = directory.slice(parent === '' ? 0 : parent.length + 1);
      return chain !== undefined && filter.keeps(chain, parent, name, true);
    });
    const chains = await Promise.all(level.map((directory) => filter.chain(directory)));
    level.forEach((directory, index) => kept.set(directory, chains[index]));
  }
  return kept;
}

function parentOf(relative: string): string {
  const slash = relative.lastIndexOf('/');
  return slash === -1 ? '' : relative.slice(0, slash);
}
