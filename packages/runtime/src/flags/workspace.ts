import { promises as fs } from 'node:fs';
import path from 'node:path';
import { FlagError } from './parse-flags';

/** The person's directory: pnpm runs scripts in the package folder and sets INIT_CWD to it. */
export function invocationDir(env: NodeJS.ProcessEnv, cwd: string): string {
  return env.INIT_CWD && env.INIT_CWD.length > 0 ? env.INIT_CWD : cwd;
}

/** The workspace: `--cwd` (relative to the person's directory), else that directory; real path. */
export async function resolveWorkspace(flag: string | undefined, baseDir: string): Promise<string> {
  const dir = path.resolve(baseDir, flag ?? '.');
  let stat;
  try {
    stat = await fs.stat(dir);
  } catch {
    throw new FlagError(`the workspace directory ${dir} does not exist`);
  }
  if (!stat.isDirectory()) throw new FlagError(`the workspace ${dir} is not a directory`);
  return fs.realpath(dir);
}
