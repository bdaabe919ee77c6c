import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import { gitHooksFolder } from '../git-hooks-folder';

/**
 * Workspace entries a sandboxed command may read but not write, because writing them makes
 * programs run later outside the sandbox: git runs `.git/hooks` and what `.git/config` names
 * (core.fsmonitor, core.pager, aliases, filters) on the person's next git command; `.mcp.json`
 * and `.agent` start MCP servers and grant permissions on a later run. The rest of `.git` stays
 * writable, so `git add` and `git commit` work in the sandbox. Besides these, protectedPaths adds
 * the folder git runs hooks from when core.hooksPath moves it (husky's `.husky/_`, `githooks/`).
 */
export const PROTECTED_ENTRIES: readonly string[] = [
  '.git/hooks',
  '.git/config',
  '.git/config.worktree',
  '.mcp.json',
  '.agent',
];

/**
 * The protected entries of `workspace` (a real path) and the hooks folder git uses for it (see
 * gitHooksFolder), those that exist, by real path, kept only when they lie inside the workspace
 * (anything outside is read-only already), each once. A missing one is not mounted: bubblewrap
 * would create it in the workspace to mount over. Asked again for every command, so a
 * core.hooksPath set during the session counts from the next command on. Never rejects. `env`
 * finds git (see gitHooksFolder).
 */
export async function protectedPaths(
  workspace: string,
  signal: AbortSignal,
  env: NodeJS.ProcessEnv = process.env,
): Promise<string[]> {
  const hooks = await gitHooksFolder(workspace, signal, env);
  const candidates = PROTECTED_ENTRIES.map((entry) => path.join(workspace, entry));
  if (hooks !== undefined) candidates.push(hooks);
  const found = new Set<string>();
  for (const candidate of candidates) {
    let real: string;
    try {
      real = await fs.realpath(candidate);
    } catch {
      continue;
    }
    const relative = path.relative(workspace, real);
    if (relative !== '' && !relative.startsWith('..') && !path.isAbsolute(relative)) {
      found.add(real);
    }
  }
  return [...found];
}
