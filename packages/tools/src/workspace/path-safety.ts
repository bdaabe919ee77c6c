import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import { ToolError } from '@agent/tool-contract';

/** A user path resolved inside the workspace. */
export interface WorkspacePath {
  /** Real absolute path (symlinks of existing ancestors resolved), safe to open or create. */
  absolute: string;
  /** Forward-slash path relative to the workspace root, `.` for the root itself. */
  relative: string;
  /** Real absolute path of the workspace root. */
  root: string;
}

/**
 * Resolves `userPath` (relative to the workspace root, or absolute inside it) and refuses
 * anything that leaves the workspace: `..` escapes, absolute paths elsewhere, and symlinks of
 * the target or any existing ancestor that resolve outside. Broken symlinks on the way are
 * refused too, since writing through one could create a file anywhere.
 */
export async function resolveInWorkspace(root: string, userPath: string): Promise<WorkspacePath> {
  if (userPath.includes('\0'))
    throw new ToolError(`path "${printable(userPath)}" contains a NUL byte`);
  const realRoot = await realWorkspaceRoot(root);
  const requested = userPath.trim() === '' ? '.' : userPath;
  const candidate = lexicallyInside(requested, [path.resolve(root), realRoot]);
  if (candidate === undefined) throw outside(requested);
  const real = await realPathOfNearestAncestor(candidate, requested);
  const relative = path.relative(realRoot, real);
  if (!isInside(relative)) {
    throw new ToolError(
      `path "${requested}" resolves outside the workspace through a symbolic link; only files inside the workspace can be used`,
    );
  }
  return { absolute: real, relative: toPosix(relative) || '.', root: realRoot };
}

/** The workspace root's real path; a clear error when it does not exist. */
export async function realWorkspaceRoot(root: string): Promise<string> {
  try {
    return await fs.realpath(root);
  } catch {
    throw new ToolError(`the workspace root "${root}" does not exist`);
  }
}

/** Forward-slash form of a relative path, for output the model reads. */
export function toPosix(relative: string): string {
  return relative.split(path.sep).join('/');
}

function lexicallyInside(requested: string, roots: string[]): string | undefined {
  for (const base of roots) {
    const candidate = path.resolve(base, requested);
    const relative = path.relative(base, candidate);
    if (isInside(relative)) return path.join(roots[roots.length - 1], relative);
  }
  return undefined;
}

/** Whether a path relative to some base stays below it (`..notes` does, `../notes` does not). */
export function isInside(relative: string): boolean {
  return (
    relative === '' ||
    (relative !== '..' && !relative.startsWith(`..${path.sep}`) && !path.isAbsolute(relative))
  );
}

async function realPathOfNearestAncestor(candidate: string, requested: string): Promise<string> {
  const missing: string[] = [];
  let current = candidate;
  for (;;) {
    try {
      const real = await fs.realpath(current);
      return missing.length === 0 ? real : path.join(real, ...missing.reverse());
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENOTDIR') {
        throw new ToolError(`path "${requested}" goes through a file as if it were a directory`);
      }
      if (code !== 'ENOENT') {
        throw new ToolError(`cannot resolve path "${requested}": ${(error as Error).message}`);
      }
      if (await isSymlink(current)) {
        throw new ToolError(
          `path "${requested}" goes through a broken symbolic link (${path.basename(current)}); refusing to follow it`,
        );
      }
    }
    const parent = path.dirname(current);
    if (parent === current) return candidate;
    missing.push(path.basename(current));
    current = parent;
  }
}

async function isSymlink(target: string): Promise<boolean> {
  try {
    return (await fs.lstat(target)).isSymbolicLink();
  } catch {
    return false;
  }
}

function outside(requested: string): ToolError {
  return new ToolError(
    `path "${requested}" is outside the workspace; use a path relative to the workspace root`,
  );
}

function printable(text: string): string {
  return text.replace(/\0/g, '\\0');
}
