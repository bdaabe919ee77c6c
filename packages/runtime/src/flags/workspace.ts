import { promises as fs } from 'node:fs';
import path from 'node:path';
import { FlagError } from './parse-flags';

/**
 * Set by the apps' own `start` scripts to the directory `pnpm start` was run from: pnpm runs a
 * script in its package's folder and names the person's directory in INIT_CWD. INIT_CWD itself
 * is not trusted: an installed command run from another project's npm script would inherit that
 * project's INIT_CWD and start in the wrong folder.
 */
export const LAUNCH_DIR_VARIABLE = 'AGENT_LAUNCH_DIR';

/** The person's directory: where our start script was launched from, else the current one. */
export function invocationDir(env: NodeJS.ProcessEnv, cwd: string): string {
  const launchDir = env[LAUNCH_DIR_VARIABLE];
  return launchDir && launchDir.length > 0 ? launchDir : cwd;
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
