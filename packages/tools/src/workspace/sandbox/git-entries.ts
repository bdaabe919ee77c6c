import { promises as fs, type Dirent } from 'node:fs';
import * as path from 'node:path';

/** How many directory entries a walk of the workspace reads at most (a very large tree stops there). */
export const MAX_WALKED_ENTRIES = 500_000;

/** Folders read at once by a walk. */
const CONCURRENCY = 16;

/** The `.git` entries of a workspace (see findGitEntries). */
export interface GitEntries {
  /** Each `.git` file, folder or link, by path, with what identifies that very entry (inode, change time). */
  found: Map<string, string>;
  /** False when the walk stopped at MAX_WALKED_ENTRIES (or `signal` aborted) before the end. */
  complete: boolean;
}

/**
 * Every entry named `.git` in `workspace` (a real path), at any depth, whatever it is: git's
 * folder, a `gitdir:` file (a submodule, a linked worktree) or a link. Links are not followed and
 * no `.git` is walked into. Reads at most `limit` entries; never rejects (unreadable folders are
 * skipped; an abort ends the walk as incomplete).
 */
export async function findGitEntries(
  workspace: string,
  signal: AbortSignal,
  limit = MAX_WALKED_ENTRIES,
): Promise<GitEntries> {
  const found = new Map<string, string>();
  const queue = [workspace];
  let read = 0;
  let complete = true;
  const visit = async (folder: string): Promise<void> => {
    let entries: Dirent[];
    try {
      entries = await fs.readdir(folder, { withFileTypes: true });
    } catch {
      return;
    }
    read += entries.length;
    for (const entry of entries) {
      const full = path.join(folder, entry.name);
      if (entry.name === '.git') {
        const identity = await entryIdentity(full);
        if (identity) found.set(full, identity);
      } else if (entry.isDirectory()) queue.push(full);
    }
  };
  await new Promise<void>((resolve) => {
    let active = 0;
    let done = false;
    // Up to CONCURRENCY folders are read at once; each one read starts the next.
    const pump = (): void => {
      while (active < CONCURRENCY && queue.length > 0) {
        if (signal.aborted || read >= limit) {
          complete = false;
          queue.length = 0;
          break;
        }
        active++;
        void visit(queue.pop()!).finally(() => {
          active--;
          pump();
        });
      }
      if (active === 0 && queue.length === 0 && !done) {
        done = true;
        resolve();
      }
    };
    pump();
  });
  return { found, complete };
}

/** What identifies one directory entry: replaced or renamed, it changes. Undefined when gone. */
export async function entryIdentity(full: string): Promise<string | undefined> {
  try {
    const stat = await fs.lstat(full, { bigint: true });
    return `${stat.dev}:${stat.ino}:${stat.ctimeNs}`;
  } catch {
    return undefined;
  }
}

/**
 * The git folders the `.git` entries in `found` lead to, by real path, when they lie inside
 * `workspace`: a link's target, a `gitdir:` file's folder and that folder's `commondir` (a
 * linked worktree's main git folder). Missing or unreadable ones are left out; never rejects.
 */
export async function gitFoldersOf(workspace: string, found: Iterable<string>): Promise<string[]> {
  const folders = new Set<string>();
  for (const entry of found) {
    const gitDir = await linkedGitDir(entry);
    if (!gitDir) continue;
    for (const folder of [gitDir, await commonDir(gitDir)]) {
      if (folder && folder !== entry && inside(workspace, folder)) folders.add(folder);
    }
  }
  return [...folders];
}

async function linkedGitDir(entry: string): Promise<string | undefined> {
  try {
    const stat = await fs.lstat(entry);
    if (stat.isSymbolicLink()) return await fs.realpath(entry);
    if (!stat.isFile()) return await fs.realpath(entry);
    const text = await readSmall(entry);
    const match = /^gitdir: (.+)$/m.exec(text);
    if (!match) return undefined;
    return await fs.realpath(path.resolve(path.dirname(entry), match[1]!.trim()));
  } catch {
    return undefined;
  }
}

async function commonDir(gitDir: string): Promise<string | undefined> {
  try {
    const file = path.join(gitDir, 'commondir');
    if (!(await fs.lstat(file)).isFile()) return undefined;
    const text = (await readSmall(file)).trim();
    return text ? await fs.realpath(path.resolve(gitDir, text)) : undefined;
  } catch {
    return undefined;
  }
}

/** The first few KB of a small text file (a `.git` file or `commondir` is one line). */
async function readSmall(file: string): Promise<string> {
  const handle = await fs.open(file, 'r');
  try {
    const buffer = Buffer.alloc(4096);
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
    return buffer.subarray(0, bytesRead).toString('utf8');
  } finally {
    await handle.close();
  }
}

function inside(folder: string, target: string): boolean {
  const relative = path.relative(folder, target);
  return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative));
}
