import { HeadTailBuffer } from './head-tail-buffer';
import { DEFAULT_KILL_GRACE_MS, stopProcessGroup, trackProcessGroup } from './process-groups';

/** How a shell command ended. */
export interface ShellOutcome {
  /** stdout and stderr interleaved in arrival order, capped to its head and tail. */
  output: string;
  /** `exited` covers both exit codes and deaths by signal not sent by us. */
  ending: 'exited' | 'timeout' | 'aborted' | 'failed-to-start';
  exitCode: number | null;
  exitSignal: NodeJS.Signals | null;
  /** Why the process could not be started (`failed-to-start`). */
  error?: string;
}

export interface ShellOptions {
  cwd: string;
  timeoutMs: number;
  signal: AbortSignal;
  /** Bytes of output kept from the start and from the end. */
  headBytes: number;
  tailBytes: number;
  /** Time between SIGTERM and SIGKILL of the process group on timeout or abort. */
  killGraceMs?: number;
  env?: NodeJS.ProcessEnv;
  /** Sees every chunk of output as it arrives (for live progress). */
  onOutput?: (chunk: Buffer) => void;
  /** A program and its arguments that run `bash -c command` (the sandbox: `bwrap ... --`). */
  launcher?: readonly string[];
}

/** How long to wait for the pipes to close after bash exits (background jobs may hold them). */
const DRAIN_MS = 250;
/** After the group is stopped, settle even if the exit was never reported. */
const AFTER_KILL_MS = 1000;

/**
 * Runs `bash -c command` in its own process group. On timeout or abort the whole group gets
 * SIGTERM, then SIGKILL after the grace period, so children and grandchildren die with it; when
 * bash exits, background jobs it left in the group are stopped the same way. The group is
 * tracked (see process-groups.ts) until it is empty, so `stopShellProcesses` can wait for it
 * even when nobody awaits this promise any more. Never rejects, and once settled leaves no
 * listener behind.
 */
export function runShellCommand(command: string, options: ShellOptions): Promise<ShellOutcome> {
  const { signal } = options;
  if (signal.aborted) {
    return Promise.resolve({ output: '', ending: 'aborted', exitCode: null, exitSignal: null });
  }
  return new Promise((resolve) => {
    const buffer = new HeadTailBuffer(options.headBytes, options.tailBytes);
    // Loaded on the first command, not at start-up.
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { spawn } = require('node:child_process') as typeof import('node:child_process');
    const [program, ...args] = [...(options.launcher ?? []), 'bash', '-c', command];
    const child = spawn(program!, args, {
      cwd: options.cwd,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: options.env ?? process.env,
    });
    if (child.pid !== undefined) trackProcessGroup(child.pid);
    const graceMs = options.killGraceMs ?? DEFAULT_KILL_GRACE_MS;
    let ending: ShellOutcome['ending'] = 'exited';
    let exitCode: number | null = null;
    let exitSignal: NodeJS.Signals | null = null;
    let settled = false;
    let stopping: Promise<void> | undefined;
    let stopped = false;
    let fallbackTimer: NodeJS.Timeout | undefined;
    let drainTimer: NodeJS.Timeout | undefined;
    const timeoutTimer = setTimeout(() => stop('timeout'), options.timeoutMs);
    const onAbort = (): void => stop('aborted');
    signal.addEventListener('abort', onAbort, { once: true });

    const onData = (chunk: Buffer): void => {
      buffer.push(chunk);
      options.onOutput?.(chunk);
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('error', (error) => {
      if (child.pid === undefined) finish('failed-to-start', error.message);
    });
    child.on('exit', (code, exitedBy) => {
      exitCode = code;
      exitSignal = exitedBy;
      drainTimer = setTimeout(() => finish(), DRAIN_MS);
    });
    child.on('close', () => finish());

    function stop(reason: 'timeout' | 'aborted'): void {
      if (settled || ending !== 'exited') return;
      ending = reason;
      stopping = stopGroup().then(() => {
        stopped = true;
        if (!settled) fallbackTimer = setTimeout(() => finish(), AFTER_KILL_MS);
      });
    }

    function stopGroup(): Promise<void> {
      return child.pid === undefined ? Promise.resolve() : stopProcessGroup(child.pid, graceMs);
    }

    function finish(startEnding?: 'failed-to-start', error?: string): void {
      if (settled) return;
      // A stopped command settles once its group is gone (bash exits before its children do).
      if (stopping && !stopped) {
        void stopping.then(() => finish(startEnding, error));
        return;
      }
      settled = true;
      clearTimeout(timeoutTimer);
      clearTimeout(fallbackTimer);
      clearTimeout(drainTimer);
      signal.removeEventListener('abort', onAbort);
      // Background jobs of a finished command are stopped too; a stop in progress is joined.
      void stopGroup();
      child.stdout.destroy();
      child.stderr.destroy();
      resolve({
        output: buffer.text(),
        ending: startEnding ?? ending,
        exitCode,
        exitSignal,
        ...(error === undefined ? {} : { error }),
      });
    }
  });
}
