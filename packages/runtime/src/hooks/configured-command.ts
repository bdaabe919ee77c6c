import { spawn, type ChildProcess } from 'node:child_process';

/** How much of a command's stdout is kept; the rest is read and dropped, so it never blocks. */
export const COMMAND_STDOUT_CHARS = 64 * 1024;
/** How much of its stderr is kept. */
export const COMMAND_STDERR_CHARS = 8 * 1024;

/** How a configured command's run ended. `problem` is set when it did not exit by itself. */
export interface CommandRun {
  /** Its exit status; undefined when it was stopped, timed out or could not start. */
  code: number | undefined;
  stdout: string;
  stderr: string;
  /** What went wrong when it did not exit by itself: a spawn error, the time limit, an abort. */
  problem?: string;
  timedOut?: boolean;
  /** Its stdout or stderr was longer than what was kept. */
  truncated?: boolean;
}

/**
 * Runs a command the person configured (a hook, `notify.command`): a shell line, or argv run
 * without a shell, in `cwd`, with `input` on stdin, in its own process group. At `timeoutMs`
 * or when `signal` aborts, the whole group gets SIGKILL (so a child it started in the
 * background goes too). stdout and stderr are kept up to a bound and read to their end, so a
 * command that floods its output cannot stall it. Never rejects.
 */
export function runConfiguredCommand(
  command: string | readonly string[],
  input: string,
  options: { cwd: string; signal: AbortSignal; timeoutMs: number; env?: NodeJS.ProcessEnv },
): Promise<CommandRun> {
  return new Promise((resolve) => {
    const [file, args, shell] =
      typeof command === 'string' ? [command, [], true] : [command[0]!, command.slice(1), false];
    const out = { stdout: '', stderr: '', truncated: false };
    let child: ChildProcess | undefined;
    let problem: string | undefined;
    let timedOut = false;
    let settled = false;
    const stop = (why: string): void => {
      problem ??= why;
      killGroup(child);
    };
    const timer = setTimeout(() => {
      timedOut = true;
      stop(`timed out after ${formatSeconds(options.timeoutMs)}`);
    }, options.timeoutMs);
    const onAbort = (): void => stop('stopped: interrupted');
    const done = (code: number | undefined): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      options.signal.removeEventListener('abort', onAbort);
      resolve({
        code: problem === undefined ? code : undefined,
        stdout: out.stdout,
        stderr: out.stderr,
        ...(problem !== undefined ? { problem } : {}),
        ...(timedOut ? { timedOut } : {}),
        ...(out.truncated ? { truncated: true } : {}),
      });
    };
    if (options.signal.aborted) {
      problem = 'stopped: interrupted';
      return done(undefined);
    }
    options.signal.addEventListener('abort', onAbort, { once: true });
    try {
      child = spawn(file, args, {
        cwd: options.cwd,
        shell,
        detached: true,
        stdio: ['pipe', 'pipe', 'pipe'],
        ...(options.env ? { env: options.env } : {}),
      });
    } catch (error) {
      problem = (error as Error).message;
      return done(undefined);
    }
    collect(child.stdout, COMMAND_STDOUT_CHARS, out, 'stdout');
    collect(child.stderr, COMMAND_STDERR_CHARS, out, 'stderr');
    child.stdin?.on('error', () => undefined);
    child.stdin?.end(input);
    child.on('error', (error) => {
      problem ??= error.message;
      done(undefined);
    });
    child.on('exit', () => {
      // What it left running in the background (and holding its pipes) goes with it.
      killGroup(child);
    });
    child.on('close', (code, signal) => {
      if (problem === undefined && code === null) problem = `stopped by ${signal ?? 'a signal'}`;
      done(code ?? undefined);
    });
  });
}

function collect(
  stream: NodeJS.ReadableStream | null,
  limit: number,
  out: { stdout: string; stderr: string; truncated: boolean },
  key: 'stdout' | 'stderr',
): void {
  stream?.setEncoding('utf8');
  stream?.on('data', (chunk: string) => {
    const room = limit - out[key].length;
    if (chunk.length > room) out.truncated = true;
    if (room > 0) out[key] += chunk.slice(0, room);
  });
}

function killGroup(child: ChildProcess | undefined): void {
  if (child?.pid === undefined) return;
  try {
    process.kill(-child.pid, 'SIGKILL');
  } catch {
    // Already gone.
  }
}

function formatSeconds(ms: number): string {
  if (ms < 1000) return `${ms} ms`;
  const seconds = ms / 1000;
  return `${Number.isInteger(seconds) ? seconds : seconds.toFixed(1)} s`;
}
