import * as fs from 'node:fs';
import * as path from 'node:path';

/**
 * The project a workspace belongs to: the nearest folder at or above it holding `.git` (a
 * folder, or the file of a worktree), else the workspace itself. Its AGENTS.md files apply from
 * there down to the workspace, as the README describes for working in `a/b` of a repository.
 */
export function projectRootOf(workspaceRoot: string): string {
  let folder = path.resolve(workspaceRoot);
  for (;;) {
    if (fs.existsSync(path.join(folder, '.git'))) return folder;
    const parent = path.dirname(folder);
    if (parent === folder) return workspaceRoot;
    folder = parent;
  }
}
