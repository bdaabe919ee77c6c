import { promises as fs } from 'node:fs';

/** Thrown when another live process is appending to the session. */
export class SessionLockedError extends Error {
  constructor(
    readonly file: string,
    readonly pid: number,
  ) {
    super(
      `the session ${file} is in use by another agent process (pid ${pid}); wait for it to finish, or start a new session instead of --continue/--resume`,
    );
    this.name = 'SessionLockedError';
  }
}

/** The lock file beside a session file. */
export function lockPath(sessionFile: string): string {
  return `${sessionFile}.lock`;
}

/**
 * Takes the lock of a session file for this process: `<file>.lock`, created exclusively and
 * holding the pid. A lock whose pid no longer runs (a crash, `kill -9`) is taken over. Throws
 * `SessionLockedError` while another live process holds it. Returns the release function.
 */
export async function lockSession(sessionFile: string): Promise<() => Promise<void>> {
  const file = lockPath(sessionFile);
  for (let attempt = 0; attempt < 5; attempt++) {
    try {
      await fs.writeFile(file, `${process.pid}\n`, { flag: 'wx', mode: 0o600 });
      return () => releaseLock(file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const holder = await readHolder(file);
    if (holder !== undefined && holder !== process.pid && isRunning(holder)) {
      throw new SessionLockedError(sessionFile, holder);
    }
    // Stale (or unreadable while being written): remove it and try again.
    await fs.rm(file, { force: true });
  }
  throw new Error(`could not lock the session ${sessionFile}: its lock file keeps changing`);
}

async function readHolder(file: string): Promise<number | undefined> {
  try {
    const pid = Number.parseInt(await fs.readFile(file, 'utf8'), 10);
    return Number.isSafeInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, under another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Removes the lock if this process still holds it. */
async function releaseLock(file: string): Promise<void> {
  if ((await readHolder(file)) === process.pid) await fs.rm(file, { force: true });
}
