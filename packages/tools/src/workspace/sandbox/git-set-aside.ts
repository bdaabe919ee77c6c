import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import { entryIdentity, findGitEntries, MAX_WALKED_ENTRIES } from './git-entries';
import type { ProtectedPaths } from './protected-paths';

/** What a set-aside entry is renamed to: `sub/.git` becomes `sub/.git.blocked-by-sandbox`. */
export const SET_ASIDE_SUFFIX = '.blocked-by-sandbox';

/** What setAsideNewGitEntries did. */
export interface SetAside {
  /** Entries the command made, and where they are now. */
  moved: { from: string; to: string }[];
  /** Entries the command made that could not be moved (each with why). */
  failed: string[];
  /** False when a walk, before or after, stopped before the end of a very large workspace. */
  complete: boolean;
}

/**
 * After a sandboxed command in `workspace` ended (bubblewrap gone, so nothing of it runs any
 * more): every `.git` entry that was not there before it (`before`, see protectedPaths), or was
 * replaced, and the hooks folder git uses when it was missing before and exists now, is renamed
 * to `NAME.blocked-by-sandbox` (or `-2`, ...), so that the person's next git command outside
 * the sandbox finds no repository, hooks or config the command planted; its content is kept.
 * Runs to the end even after the turn was interrupted: bounded by the walk's limit. Never rejects.
 */
export async function setAsideNewGitEntries(
  workspace: string,
  before: ProtectedPaths,
): Promise<SetAside> {
  const after = await findGitEntries(workspace, new AbortController().signal);
  const made: string[] = [];
  for (const [entry, identity] of after.found) {
    if (before.git.found.get(entry) !== identity) made.push(entry);
  }
  for (const folder of before.absent) {
    if ((await entryIdentity(folder)) !== undefined) made.push(folder);
  }
  const result: SetAside = {
    moved: [],
    failed: [],
    complete: before.git.complete && after.complete,
  };
  for (const entry of made) {
    try {
      const to = await freeName(`${entry}${SET_ASIDE_SUFFIX}`);
      await fs.rename(entry, to);
      result.moved.push({ from: entry, to });
    } catch (error) {
      result.failed.push(`${entry} (${(error as Error).message})`);
    }
  }
  return result;
}

async function freeName(base: string): Promise<string> {
  for (let n = 1; n < 1000; n++) {
    const candidate = n === 1 ? base : `${base}-${n}`;
    if ((await entryIdentity(candidate)) === undefined) return candidate;
  }
  throw new Error(`no free name beside ${path.basename(base)}`);
}

/** One line for the command's result saying what was set aside, or undefined when nothing was. */
export function setAsideNote(workspace: string, aside: SetAside): string | undefined {
  const shown = (target: string): string => path.relative(workspace, target) || '.';
  const parts: string[] = [];
  if (aside.moved.length > 0) {
    const moves = aside.moved.map(({ from, to }) => `${shown(from)} -> ${shown(to)}`).join(', ');
    parts.push(
      `The sandbox set aside the git metadata this command made (${moves}): git would run what it names outside the sandbox on the person's next git command. Repositories and hooks are made outside the sandbox (the person runs git init).`,
    );
  }
  if (aside.failed.length > 0) {
    parts.push(
      `The sandbox could not set aside the git metadata this command made: ${aside.failed.join(', ')}. Tell the person before they run git here.`,
    );
  }
  if (!aside.complete) {
    parts.push(
      `The workspace has more entries than the sandbox looks through for git metadata (${MAX_WALKED_ENTRIES.toLocaleString('en-US')}): a .git beyond them was neither protected nor looked for.`,
    );
  }
  return parts.length > 0 ? parts.join(' ') : undefined;
}
