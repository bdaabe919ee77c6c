import * as fs from 'node:fs';
import * as path from 'node:path';

/**
 * Workspace entries a sandboxed command may read but not write, because writing them makes
 * programs run later outside the sandbox: git runs `.git/hooks` and what `.git/config` names
 * (core.fsmonitor, core.pager, aliases, filters) on the person's next git command; `.mcp.json`
 * and `.agent` start MCP servers and grant permissions on a later run. The rest of `.git` stays
 * writable, so `git add` and `git commit` work in the sandbox.
 */
export const PROTECTED_ENTRIES: readonly string[] = [
  '.git/hooks',
  '.git/config',
  '.git/config.worktree',
  '.mcp.json',
  '.agent',
];

/**
 * The protected entries of `workspace` (a real path) that exist, by real path, kept only when they
 * lie inside the workspace (anything outside is read-only already). A missing one is not
 * mounted: bubblewrap would create it in the workspace to mount over.
 */
export function protectedPaths(workspace: string): string[] {
  const found = new Set<string>();
  for (const entry of PROTECTED_ENTRIES) {
    let real: string;
    try {
      real = fs.realpathSync(path.join(workspace, entry));
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
