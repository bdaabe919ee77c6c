import * as os from 'node:os';
import { MAX_FILE_BYTES } from './file-text';
import type { GrepTally } from './grep-tally';
import {
  acquireMatcher,
  releaseMatcher,
  type FileResult,
  type MatcherThread,
} from './line-matcher';
import { requiredLiteral } from './required-literal';

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
 * Searches `files` (root-relative, sorted) in JavaScript: matcher threads read and match them in
 * batches, two batches in flight per thread, two threads when the machine has the cores and the
 * search is big; results are taken in file order. Returns how many files were searched (text
 * files under the size limit).
 */
export async function searchFiles(
  root: string,
  files: string[],
  search: GrepSearch,
  tally: GrepTally,
  room: number,
): Promise<number> {
  const threadCount =
    os.availableParallelism() > 1 && files.length >= FILES_FOR_TWO_THREADS ? 2 : 1;
  const threads: MatcherThread[] = Array.from({ length: threadCount }, acquireMatcher);
  const limits = { signal: search.signal, timeLimitMs: search.timeLimitMs };
  const literal = requiredLiteral(search.pattern, search.flags)?.toString('utf8');
  let searched = 0;
  let next = 0;
  let batchNumber = 0;
  const queue: Array<Promise<{ names: string[]; results: FileResult[] }>> = [];
  try {
    for (;;) {
      while (queue.length < threads.length * 2 && next < files.length) {
        const thread = threads[batchNumber++ % threads.length];
        const names = files.slice(next, next + BATCH_FILES);
        next += names.length;
        const batch = { root, files: names, maxBytes: MAX_FILE_BYTES, literal, room };
        queue.push(
          thread
            .matchFiles(batch, search.pattern, search.flags, limits)
            .then((results) => ({ names, results })),
        );
      }
      if (queue.length === 0) break;
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
