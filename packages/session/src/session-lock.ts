import { promises as fs, readFileSync } from 'node:fs';

/** Thrown when another live process is appending to the session. */
export class SessionLockedError extends Error {
  constructor(
    readonly file: string,
    readonly pid: number,
  ) {
    super(
      `the session ${file} is in use by another agent process (pid ${pid}); wait for it to finish, or start a new session instead of --continue/--resume (if no agent runs with that pid, remove ${lockPath(file)})`,
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
 * holding the pid. A lock whose process no longer runs (a crash, `kill -9`), is a zombie nobody
 * reaped (a container without an init), or is another program that got the same pid later (it
 * started after the lock was written) is taken over. Throws `SessionLockedError` while another
 * live process holds it. Returns the release function.
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
    const holder = await liveHolder(file);
    if (holder !== undefined) throw new SessionLockedError(sessionFile, holder);
    // Stale (or unreadable while being written): remove it and try again.
    await fs.rm(file, { force: true });
  }
  throw new Error(`could not lock the session ${sessionFile}: its lock file keeps changing`);
}

/**
 * Throws `SessionLockedError` while another live process holds the session's lock, taking
 * nothing: a resume asks before it starts anything (MCP servers), then takes the lock.
 */
export async function assertSessionFree(sessionFile: string): Promise<void> {
  const holder = await liveHolder(lockPath(sessionFile));
  if (holder !== undefined) throw new SessionLockedError(sessionFile, holder);
}

/** The pid of the other live process holding lock `file`; undefined when it is free or stale. */
async function liveHolder(file: string): Promise<number | undefined> {
  const holder = await readHolder(file);
  if (holder === undefined || holder === process.pid) return undefined;
  return (await holds(holder, file)) ? holder : undefined;
}

async function readHolder(file: string): Promise<number | undefined> {
  try {
    const pid = Number.parseInt(await fs.readFile(file, 'utf8'), 10);
    return Number.isSafeInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

/** Whether process `pid` is the live writer that took lock `file`. */
async function holds(pid: number, file: string): Promise<boolean> {
  if (!isRunning(pid)) return false;
  const stat = procStat(pid);
  if (!stat) return true;
  if (stat.state === 'Z' || stat.state === 'X') return false;
  const written = await fs.stat(file).then(
    (info) => info.mtimeMs,
    () => undefined,
  );
  // A process that started after the lock was written cannot have written it (pid reused).
  return written === undefined || stat.startedMs <= written + CLOCK_SLACK_MS;
}

/** Room for the kernel's tick-sized start times against the file system's clock. */
const CLOCK_SLACK_MS = 1000;
/** Linux reports process start times in clock ticks of this many per second (USER_HZ). */
const TICKS_PER_SECOND = 100;

/**
 * A process's state and start time (ms since the epoch) from Linux's /proc; undefined elsewhere
 * or when the process is gone.
 */
function procStat(pid: number): { state: string; startedMs: number } | undefined {
  let stat: string;
  let system: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    system = readFileSync('/proc/stat', 'utf8');
  } catch {
    return undefined;
  }
  // The fields after the command name (which may hold spaces and parentheses): the state is the
  // first, the start time in ticks since boot (field 22 of proc(5)) the twentieth.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = Number(fields[19]);
  const boot = Number(/^btime (\d+)$/m.exec(system)?.[1]);
  if (!fields[0] || !Number.isFinite(ticks) || !Number.isFinite(boot)) return undefined;
  return { state: fields[0], startedMs: boot * 1000 + (ticks / TICKS_PER_SECOND) * 1000 };
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
