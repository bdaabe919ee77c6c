import type { GrepSearch } from './grep-js';
import type { GrepHit, GrepTally } from './grep-tally';
import { acquireMatcher, releaseMatcher, type MatcherThread } from './line-matcher';
import { runRipgrep, type OutputFlow } from './ripgrep';
import { ripgrepRules, startArgument, walkFlags } from './rg-files';
import type { RustPattern } from './rust-regex';
import type { SearchPlan } from './search-plan';

/** File-name globs ripgrep reads as picomatch does (each path is checked again anyway). */
const PLAIN_NAME_GLOB = /^[\w.\-*?[\] @]+$/;
/** Lines checked again by the JavaScript pattern per message to the matcher. */
const CHECK_BATCH_LINES = 1000;

/**
 * Searches the plan's files with ripgrep: the same files as the JavaScript walk (its rules, read
 * safely, in one ignore file; binary files and files over 5 MB skipped), lines in the order and
 * form the JavaScript search reads them. Lines of a pattern ripgrep only approximates are checked
 * again by the JavaScript pattern on a matcher thread, so the answers are JavaScript's. Returns
 * false when ripgrep failed before finding anything (the caller searches in JavaScript).
 */
export async function searchWithRipgrep(
  plan: SearchPlan,
  rust: RustPattern,
  search: GrepSearch,
  tally: GrepTally,
): Promise<boolean> {
  const rules = await ripgrepRules(plan, search.signal);
  if (rules === undefined) return false;
  const args = [...walkFlags(plan)];
  args.push(...nameFilter(plan.rootGlob));
  args.push(
    ...['--max-filesize', '5M', '--encoding', 'none', '--crlf', '--line-number', '--null'],
    ...['--no-heading', '--color', 'never', '--regexp', rust.source, ...startArgument(plan)],
  );
  const checker = rust.exact ? undefined : new LineChecker(search, tally);
  let records = 0;
  const parse = matchParser((file, index, text) => {
    if (!plan.matches(file)) return;
    records++;
    const hit = { file, index, text };
    if (checker) checker.push(hit);
    else tally.add(file, 1, [hit]);
  });
  try {
    const { code } = await runRipgrep({
      cwd: plan.root,
      args,
      rules,
      signal: search.signal,
      onData: (chunk, flow) => {
        parse(chunk);
        checker?.throttle(flow);
      },
    });
    if (code === 2 && records === 0) return false;
    await checker?.finish();
    return true;
  } finally {
    checker?.close();
  }
}

/**
 * A file type made of the glob's last segment, so ripgrep only reads files with matching names.
 * Not `--glob`: ripgrep lets a glob override the ignore rules, but applies types after them.
 */
function nameFilter(glob: string): string[] {
  const name = glob.slice(glob.lastIndexOf('/') + 1);
  // No braces: a comma separates the globs of a type.
  if (name === '*' || name === '**' || !PLAIN_NAME_GLOB.test(name)) return [];
  return ['--type-add', `agentglob:${name}`, '--type', 'agentglob'];
}

/**
 * Parses ripgrep's `--null --line-number` output: `path NUL line : text LF`. A path may hold a
 * line feed, so each record is found from its NUL.
 */
function matchParser(
  onMatch: (file: string, index: number, text: string) => void,
): (chunk: Buffer) => void {
  let pending = Buffer.alloc(0);
  return (chunk) => {
    const data = pending.length === 0 ? chunk : Buffer.concat([pending, chunk]);
    let from = 0;
    for (;;) {
      const nul = data.indexOf(0, from);
      if (nul === -1) break;
      const end = data.indexOf(10, nul);
      if (end === -1) break;
      const colon = data.indexOf(58, nul);
      const line = Number(data.toString('latin1', nul + 1, colon));
      let textEnd = end;
      if (data[textEnd - 1] === 13) textEnd--;
      onMatch(
        data.toString('utf8', from, nul),
        line - 1,
        data.toString('utf8', colon + 1, textEnd),
      );
      from = end + 1;
    }
    pending = Buffer.from(data.subarray(from));
  };
}

/**
 * Checks ripgrep's lines again with the JavaScript pattern, in batches on a matcher thread (where
 * the time limit and abort can stop a pattern that backtracks), holding ripgrep's output back
 * while two batches wait.
 */
class LineChecker {
  private batch: GrepHit[] = [];
  private readonly inFlight = new Set<Promise<void>>();
  private readonly thread: MatcherThread = acquireMatcher();
  private failure: unknown;

  constructor(
    private readonly search: GrepSearch,
    private readonly tally: GrepTally,
  ) {}

  push(hit: GrepHit): void {
    this.batch.push(hit);
    if (this.batch.length >= CHECK_BATCH_LINES) this.send();
  }

  throttle(flow: OutputFlow): void {
    if (this.inFlight.size < 2) return;
    flow.pause();
    void Promise.race(this.inFlight).then(() => flow.resume());
  }

  async finish(): Promise<void> {
    this.send();
    await Promise.all(this.inFlight);
    if (this.failure !== undefined) throw this.failure;
  }

  close(): void {
    releaseMatcher(this.thread);
  }

  private send(): void {
    if (this.batch.length === 0) return;
    const hits = this.batch;
    this.batch = [];
    const { pattern, flags, signal, timeLimitMs } = this.search;
    const checked = this.thread
      .testLines(
        hits.map((hit) => hit.text),
        hits.map((hit) => hit.file),
        pattern,
        flags,
        { signal, timeLimitMs },
      )
      .then(
        (matches) => {
          hits.forEach((hit, index) => {
            if (matches[index]) this.tally.add(hit.file, 1, [hit]);
          });
        },
        (error: unknown) => {
          this.failure ??= error;
        },
      )
      .finally(() => this.inFlight.delete(checked));
    this.inFlight.add(checked);
  }
}
