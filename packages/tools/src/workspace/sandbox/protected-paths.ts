import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import { gitHooksFolder } from '../git-hooks-folder';
import { findGitEntries, gitFoldersOf, type GitEntries } from './git-entries';

/**
 * Workspace entries besides git's a sandboxed command may read but not write, because writing
 * them makes programs run later outside the sandbox: `.mcp.json` and `.agent` start MCP servers
 * and grant permissions on a later run. Git's metadata is protected whole (see protectedPaths).
 */
export const PROTECTED_ENTRIES: readonly string[] = ['.mcp.json', '.agent'];

/** What a sandboxed command may not write in the workspace, and the `.git` entries found. */
export interface ProtectedPaths {
  /** Real paths inside the workspace, each once: bound read-only. */
  readOnly: string[];
  /** The `.git` entries there were before the command (see setAsideNewGitEntries). */
  git: GitEntries;
  /** The hooks folder git would use, inside the workspace, when it does not exist yet. */
  absent: string[];
}

/**
 * What a sandboxed command in `workspace` (a real path) may read but not write: every `.git`
 * file, folder or link in it at any depth (so it can be neither written, nor renamed, nor
 * removed and made again: on the person's next git command git runs what `.git/config`,
 * `.git/hooks`, `commondir`, a submodule's config under `.git/modules` or a `gitdir:` file name),
 * the git folders those lead to inside the workspace, the hooks folder git uses (core.hooksPath,
 * see gitHooksFolder), and PROTECTED_ENTRIES, those that exist, kept only when they lie inside
 * the workspace (anything outside is read-only already). A `.git` that does not exist yet cannot
 * be mounted over without making it: the command may make one (or the missing hooks folder,
 * `absent`), and setAsideNewGitEntries moves it aside after the command. Asked again for every command. Never rejects. `env` finds git.
 */
export async function protectedPaths(
  workspace: string,
  signal: AbortSignal,
  env: NodeJS.ProcessEnv = process.env,
): Promise<ProtectedPaths> {
  const [hooks, git] = await Promise.all([
    gitHooksFolder(workspace, signal, env),
    findGitEntries(workspace, signal),
  ]);
  const candidates = [
    ...git.found.keys(),
    ...(await gitFoldersOf(workspace, git.found.keys())),
    ...PROTECTED_ENTRIES.map((entry) => path.join(workspace, entry)),
  ];
  if (hooks !== undefined) candidates.push(hooks);
  const found = new Set<string>();
  const absent: string[] = [];
  if (hooks !== undefined && inside(workspace, hooks) && !(await exists(hooks))) absent.push(hooks);
  for (const candidate of candidates) {
    let real: string;
    try {
      // A `.git` link is bound through to its target (gitFoldersOf names it when it is inside).
      if ((await fs.lstat(candidate)).isSymbolicLink()) continue;
      real = await fs.realpath(candidate);
    } catch {
      continue;
    }
    if (real !== workspace && inside(workspace, real)) found.add(real);
  }
  // A path inside another one read-only (`.git/hooks` when `.git` is) needs no mount of its own.
  const readOnly = [...found].filter(
    (one) => ![...found].some((other) => other !== one && inside(other, one)),
  );
  return { readOnly, git, absent };
}

async function exists(target: string): Promise<boolean> {
  try {
    await fs.lstat(target);
    return true;
  } catch {
    return false;
  }
}

function inside(folder: string, target: string): boolean {
  const relative = path.relative(folder, target);
  return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative));
}
