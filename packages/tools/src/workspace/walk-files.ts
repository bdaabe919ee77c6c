import { promises as fs, realpath as realpathCallback, type Dirent } from 'node:fs';
import { promisify } from 'node:util';
import * as path from 'node:path';
import { ToolError } from '@agent/tool-contract';
import { RULE_FILE } from './gitignore-filter';
import { isInside } from './path-safety';
import type { SearchPlan } from './search-plan';

/** The operating system's realpath(3): one call, where `fs.promises.realpath` costs twice as much. */
const realpath = promisify(realpathCallback.native);

/** Directories read at once: enough to keep the thread pool busy. */
const PARALLEL_READS = 16;

/**
 * The files a plan selects, walked in JavaScript: directories are read many at a time, excluded
 * ones are pruned, nothing deeper than the glob can match is read. Symbolic links and special
 * files below the start are never listed or followed (as ripgrep does), and each directory read
 * is checked by real path to lie inside the root, so one swapped for a link is not walked out of.
 * Returns root-relative paths, unsorted.
 */
export async function walkFiles(plan: SearchPlan, signal?: AbortSignal): Promise<string[]> {
  const found: string[] = [];
  await walkInto(plan, found, signal);
  return found;
}

/** Where a walk puts the files it finds, as it finds them. */
export interface FileSink {
  push(relative: string): void;
}

/** {@link walkFiles}, handing each file to `found` as soon as its directory is read. */
export async function walkInto(
  plan: SearchPlan,
  found: FileSink,
  signal?: AbortSignal,
): Promise<void> {
  const pending: Array<{ directory: string; depth: number }> = [
    { directory: plan.start, depth: 0 },
  ];
  let running = 0;
  let failure: unknown;
  await new Promise<void>((resolve) => {
    const pump = (): void => {
      if (failure === undefined && signal?.aborted) failure = abortError();
      while (failure === undefined && running < PARALLEL_READS && pending.length > 0) {
        const next = pending.pop()!;
        running++;
        readDirectory(plan, next.directory, next.depth, found, pending).then(
          () => {
            running--;
            pump();
          },
          (error: unknown) => {
            running--;
            failure ??= error;
            pump();
          },
        );
      }
      if (running === 0 && (pending.length === 0 || failure !== undefined)) resolve();
    };
    pump();
  });
  if (failure !== undefined) throw failure;
}

async function readDirectory(
  plan: SearchPlan,
  directory: string,
  depth: number,
  found: FileSink,
  pending: Array<{ directory: string; depth: number }>,
): Promise<void> {
  const absolute = path.join(plan.root, directory);
  let entries: Dirent[];
  try {
    // Read while its real path is checked: a listing from outside the root is dropped unused.
    const [real, listed] = await Promise.all([
      depth > 0 ? realpath(absolute) : undefined,
      fs.readdir(absolute, { withFileTypes: true }),
    ]);
    if (real !== undefined && !isInside(path.relative(plan.root, real))) return;
    entries = listed;
  } catch {
    return;
  }
  const chain = await plan.filter.chain(
    directory,
    entries.some((entry) => entry.name === RULE_FILE),
  );
  const deeper = plan.maxDepth === undefined || depth + 1 < plan.maxDepth;
  for (const entry of entries) {
    const isDirectory = entry.isDirectory();
    if (!isDirectory && !entry.isFile()) continue;
    if (!plan.filter.keeps(chain, directory, entry.name, isDirectory)) continue;
    const relative = directory === '' ? entry.name : `${directory}/${entry.name}`;
    if (isDirectory) {
      if (deeper) pending.push({ directory: relative, depth: depth + 1 });
    } else if (plan.matches(relative)) {
      found.push(relative);
    }
  }
}

export function abortError(): ToolError {
  return new ToolError('the search was aborted');
}
