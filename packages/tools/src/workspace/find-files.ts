import { firstSorted } from './first-sorted';
import { ripgrepAvailable } from './ripgrep';
import { ripgrepFiles } from './rg-files';
import { planSearch, type FindFilesOptions, type SearchEngine } from './search-plan';
import { abortError, walkFiles } from './walk-files';

export { type FindFilesOptions, type SearchEngine } from './search-plan';

/**
 * Files under `base` matching `pattern`, as sorted forward-slash paths relative to the root.
 * `.git` is never entered, `node_modules` only where a `.gitignore` re-includes it, and
 * `.gitignore` rules (negations included) are honoured while walking, so ignored directories are
 * pruned rather than filtered afterwards. A `base` the caller named explicitly is searched even
 * when excluded: below a gitignored base only `.git` and `node_modules` are skipped, below a base
 * inside those nothing is. Symbolic links and special files met while walking are neither listed
 * nor followed; the glob's static prefix may go through a link that stays inside the root (so
 * `etc/pass*` with `etc -> /etc` lists nothing). ripgrep walks where it is installed, JavaScript
 * otherwise, with the same answers.
 */
export async function findFiles(options: FindFilesOptions): Promise<string[]> {
  return (await unsortedFiles(options)).sort();
}

/** The first `limit` paths {@link findFiles} would return, and how many it would return. */
export async function findFirstFiles(
  options: FindFilesOptions,
  limit: number,
): Promise<{ first: string[]; total: number }> {
  const files = await unsortedFiles(options);
  return { first: firstSorted(files, limit), total: files.length };
}

async function unsortedFiles(options: FindFilesOptions): Promise<string[]> {
  const { signal } = options;
  const plan = await planSearch(options);
  if (signal?.aborted) throw abortError();
  if (!plan) return [];
  let files: string[] | undefined;
  if (await useRipgrep(options.engine)) files = await ripgrepFiles(plan, signal);
  return files ?? (await walkFiles(plan, signal));
}

/** Whether a search with this engine choice runs ripgrep. */
export async function useRipgrep(engine: SearchEngine = 'auto'): Promise<boolean> {
  if (engine === 'javascript') return false;
  return ripgrepAvailable();
}
