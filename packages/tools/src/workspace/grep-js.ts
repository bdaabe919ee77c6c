import * as os from 'node:os';
import { FileFeed } from './file-feed';
import { MAX_FILE_BYTES } from './file-text';
import type { GrepTally } from './grep-tally';
import {
  acquireMatcher,
  releaseMatcher,
  type FileResult,
  type MatcherThread,
} from './line-matcher';
import { requiredLiteral } from './required-literal';
import type { SearchPlan } from './search-plan';
import { walkInto } from './walk-files';

/** A search's pattern and limits. */
export interface GrepSearch {
  pattern: string;
  flags: string;
  timeLimitMs: number;
  signal: AbortSignal;
}

/** Files per message to a matcher thread. */
const BATCH_FILES = 128;
/** Below this many files a second matcher thread costs more than it saves. */
const FILES_FOR_TWO_THREADS = 200;

/**
 * Searches `files` (root-relative) in JavaScript; see {@link searchFeed}. Returns how many files
 * were searched (text files under the size limit).
 */
export function searchFiles(
  root: string,
  files: string[],
  search: GrepSearch,
  tally: GrepTally,
  room: number,
): Promise<number> {
  return searchFeed(root, FileFeed.of(files, BATCH_FILES), search, tally, room);
}

/**
 * Walks the plan and searches its files in JavaScript as the walk finds them; a failed search
 * stops the walk, and the call ends only once the walk has.
 */
export async function searchWalk(
  plan: SearchPlan,
  search: GrepSearch,
  tally: GrepTally,
  room: number,
): Promise<number> {
  const feed = new FileFeed(BATCH_FILES);
  const stop = new AbortController();
  const walking = walkInto(plan, feed, AbortSignal.any([search.signal, stop.signal])).then(
    () => feed.end(),
    (error: unknown) => feed.fail(error),
  );
  try {
    return await searchFeed(plan.root, feed, search, tally, room);
  } finally {
    stop.abort();
    await walking;
  }
}

/**
 * Searches the feed's files: matcher threads read and match them in batches (each sorted, so the
 * hits a full batch leaves out come after those it keeps), two batches in flight per thread, a
 * second thread once the machine has the cores and the search is big. The tally puts the results
 * in file order whatever order they arrive in.
 */
async function searchFeed(
  root: string,
  feed: FileFeed,
  search: GrepSearch,
  tally: GrepTally,
  room: number,
): Promise<number> {
  const threads: MatcherThread[] = [acquireMatcher()];
  const twoThreads = os.availableParallelism() > 1;
  const limits = { signal: search.signal, timeLimitMs: search.timeLimitMs };
  const literal = requiredLiteral(search.pattern, search.flags)?.toString('utf8');
  let searched = 0;
  let batchNumber = 0;
  const queue: Array<Promise<{ names: string[]; results: FileResult[] }>> = [];
  try {
    for (;;) {
      for (let names = feed.take(); names; names = feed.take()) {
        if (twoThreads && threads.length === 1 && feed.count >= FILES_FOR_TWO_THREADS) {
          threads.push(acquireMatcher());
        }
        const thread = threads[batchNumber++ % threads.length];
        names.sort();
        const batch = { root, files: names, maxBytes: MAX_FILE_BYTES, literal, room };
        queue.push(
          thread
            .matchFiles(batch, search.pattern, search.flags, limits)
            .then((results) => ({ names, results })),
        );
        if (queue.length >= threads.length * 2) break;
      }
      if (queue.length === 0) {
        if (feed.drained) break;
        await feed.more();
        continue;
      }
      // While the walk goes on, a batch may be ready before the oldest one is answered.
      if (!feed.drained && queue.length < threads.length * 2) {
        const answered = await Promise.race([
          queue[0].then(() => true),
          feed.more().then(() => false),
        ]);
        if (!answered) continue;
      }
      const { names, results } = await queue.shift()!;
      results.forEach((result, index) => {
        if (!result) return;
        searched++;
        const file = names[index];
        tally.add(
          file,
          result.count,
          result.hits.map((hit) => ({ file, index: hit.index, text: hit.text })),
        );
      });
    }
  } finally {
    // A failed or aborted search leaves batches in flight; their failure is already reported.
    for (const pending of queue) pending.catch(() => undefined);
    for (const thread of threads) releaseMatcher(thread);
  }
  return searched;
}
