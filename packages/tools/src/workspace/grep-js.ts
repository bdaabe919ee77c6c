import * as os from 'node:os';
import * as path from 'node:path';
import { MAX_FILE_BYTES, readRegularFile } from './file-text';
import type { GrepTally } from './grep-tally';
import {
  acquireMatcher,
  releaseMatcher,
  type FileResult,
  type MatcherThread,
} from './line-matcher';

/** A search's pattern and limits. */
export interface GrepSearch {
  pattern: string;
  flags: string;
  timeLimitMs: number;
  signal: AbortSignal;
}

/** A batch of files goes to a matcher when it holds this many bytes or files. */
const BATCH_BYTES = 4 * 1024 * 1024;
const BATCH_FILES = 256;
/** Files read at once. */
const PARALLEL_READS = 32;
/** Below this many files a second matcher thread costs more than it saves. */
const FILES_FOR_TWO_THREADS = 200;

/**
 * Searches `files` (root-relative, sorted) in JavaScript: files are read many at a time and sent to
 * matcher threads in batches, the next batches read while the threads match, two threads when the
 * machine has the cores and the search is big. Returns how many files were searched (text files
 * under the size limit).
 */
export async function searchFiles(
  root: string,
  files: string[],
  search: GrepSearch,
  tally: GrepTally,
  room: number,
): Promise<number> {
  const cores = os.availableParallelism();
  const threadCount = cores > 1 && files.length >= FILES_FOR_TWO_THREADS ? 2 : 1;
  const threads: MatcherThread[] = Array.from({ length: threadCount }, acquireMatcher);
  const limits = { signal: search.signal, timeLimitMs: search.timeLimitMs };
  const reader = new BatchReader(root, files, search.signal);
  let searched = 0;
  let batchNumber = 0;
  const queue: Array<Promise<{ names: string[]; results: FileResult[] }>> = [];
  try {
    for (;;) {
      while (queue.length < threads.length * 2 && !reader.exhausted) {
        const thread = threads[batchNumber++ % threads.length];
        queue.push(
          reader.next().then(async ({ names, contents }) => ({
            names,
            results:
              names.length === 0
                ? []
                : await thread.matchFiles(
                    contents,
                    names,
                    search.pattern,
                    search.flags,
                    room,
                    limits,
                  ),
          })),
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

/**
 * Reads the files in batches, one batch after another (up to the batch's limits), skipping those
 * that cannot be searched: gone, special (never waited on), links (the walk listed regular files;
 * one swapped for a link since is not followed), or over the size limit.
 */
class BatchReader {
  private cursor = 0;
  private chain: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly root: string,
    private readonly files: string[],
    private readonly signal: AbortSignal,
  ) {}

  /** True once every file was read (a batch asked for after that is empty). */
  get exhausted(): boolean {
    return this.cursor >= this.files.length || this.signal.aborted;
  }

  next(): Promise<{ names: string[]; contents: Uint8Array[] }> {
    const batch = this.chain.then(() => this.read());
    this.chain = batch.catch(() => undefined);
    return batch;
  }

  private async read(): Promise<{ names: string[]; contents: Uint8Array[] }> {
    const names: string[] = [];
    const contents: Uint8Array[] = [];
    let bytes = 0;
    while (!this.exhausted && names.length < BATCH_FILES && bytes < BATCH_BYTES) {
      const slice = this.files.slice(this.cursor, this.cursor + PARALLEL_READS);
      this.cursor += slice.length;
      const read = await Promise.all(slice.map((file) => readSearchable(this.root, file)));
      read.forEach((content, index) => {
        if (!content) return;
        names.push(slice[index]);
        contents.push(content);
        bytes += content.length;
      });
    }
    return { names, contents };
  }
}

function readSearchable(root: string, file: string): Promise<Buffer | undefined> {
  return readRegularFile(
    { absolute: path.join(root, file), relative: file, root },
    MAX_FILE_BYTES,
  ).catch(() => undefined);
}
