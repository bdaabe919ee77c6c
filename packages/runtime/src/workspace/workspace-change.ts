import { realpathSync } from 'node:fs';
import * as path from 'node:path';

/** Whether two directory paths name the same directory (symbolic links resolved where they exist). */
export function sameDirectory(a: string, b: string): boolean {
  if (path.resolve(a) === path.resolve(b)) return true;
  const real = (dir: string): string => {
    try {
      return realpathSync(dir);
    } catch {
      return path.resolve(dir);
    }
  };
  return real(a) === real(b);
}

/**
 * What the person is told when a session recorded in `recorded` is resumed in `current`, or
 * undefined when both are the same directory.
 */
export function workspaceChangeNotice(recorded: string, current: string): string | undefined {
  if (sameDirectory(recorded, current)) return undefined;
  return `This session was recorded in ${recorded}, but you are in ${current}: from now on files are read and written in ${current}, not in ${recorded}. To work on ${recorded}, resume the session from there (or pass --cwd ${recorded}).`;
}
