import * as fs from 'node:fs';

/** Time between SIGTERM and SIGKILL when a command's process group is stopped. */
export const DEFAULT_KILL_GRACE_MS = 2000;
const POLL_MS = 50;
/** After SIGKILL, how long to wait for the group to be gone (zombies nobody reaps never are). */
const AFTER_KILL_MS = 500;

/**
 * Process groups of shell commands that may still have members, by group id, with the stop in
 * progress if any. A group stays here until nothing in it is left (or it got SIGKILL), even after
 * the tool call that started it has returned, so leftover background jobs are never forgotten.
 */
const groups = new Map<number, Promise<void> | undefined>();
let exitHookInstalled = false;

/** Starts tracking the group of a command just spawned with `detached: true`. */
export function trackProcessGroup(pgid: number): void {
  groups.set(pgid, undefined);
  if (!exitHookInstalled) {
    exitHookInstalled = true;
    // Whatever way the process ends, no command it started outlives it.
    process.on('exit', killShellProcessesNow);
  }
}

/**
 * Stops a tracked group: SIGTERM, then SIGKILL after `graceMs` if anything in it is left.
 * Resolves once the group is empty (or a short while after SIGKILL); calling it again joins the
 * stop in progress.
 */
export function stopProcessGroup(pgid: number, graceMs = DEFAULT_KILL_GRACE_MS): Promise<void> {
  if (!groups.has(pgid)) return Promise.resolve();
  const inProgress = groups.get(pgid);
  if (inProgress) return inProgress;
  const stopping = new Promise<void>((resolve) => {
    const done = (): void => {
      groups.delete(pgid);
      resolve();
    };
    if (!signalGroup(pgid, 'SIGTERM')) return done();
    let deadline = Date.now() + graceMs;
    let killed = false;
    const check = (): void => {
      if (!signalGroup(pgid, 0) || onlyZombiesIn(pgid)) return done();
      if (Date.now() >= deadline) {
        if (killed) return done();
        signalGroup(pgid, 'SIGKILL');
        killed = true;
        deadline = Date.now() + AFTER_KILL_MS;
      }
      setTimeout(check, Math.min(POLL_MS, Math.max(0, deadline - Date.now())));
    };
    setTimeout(check, Math.min(POLL_MS, graceMs));
  });
  groups.set(pgid, stopping);
  return stopping;
}

/**
 * Stops every command the shell tool started that may still have processes (running ones and the
 * background jobs of finished ones): SIGTERM, then SIGKILL after `graceMs`. Resolves when all are
 * gone, at most about `graceMs` plus half a second later. A front end awaits it before exiting.
 */
export async function stopShellProcesses(graceMs = DEFAULT_KILL_GRACE_MS): Promise<void> {
  await Promise.all([...groups.keys()].map((pgid) => stopProcessGroup(pgid, graceMs)));
}

/** SIGKILL to every tracked group at once, synchronously (for a process about to exit). */
export function killShellProcessesNow(): void {
  for (const pgid of groups.keys()) signalGroup(pgid, 'SIGKILL');
  groups.clear();
}

/**
 * Whether every process left in the group has exited and waits to be reaped: bubblewrap's
 * process in the sandbox outlives its parent as a zombie until the system's init reaps it,
 * which some (container) inits do late. False when it cannot tell (no /proc).
 */
function onlyZombiesIn(pgid: number): boolean {
  let entries: string[];
  try {
    entries = fs.readdirSync('/proc');
  } catch {
    return false;
  }
  let members = 0;
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    try {
      stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
    } catch {
      continue;
    }
    // After the command's name: state, parent id, process group id.
    const [state, , group] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (Number(group) !== pgid) continue;
    if (state !== 'Z') return false;
    members++;
  }
  return members > 0;
}

/** Sends `signal` to the group; false when the group has no process left. */
function signalGroup(pgid: number, signal: NodeJS.Signals | 0): boolean {
  try {
    process.kill(-pgid, signal);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
