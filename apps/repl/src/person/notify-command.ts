import { spawn } from 'node:child_process';

/** How long the person's notify program may run before it is stopped. */
export const NOTIFY_COMMAND_TIMEOUT_MS = 10_000;
const ERROR_CHARS = 500;

/**
 * Runs the person's `notify.command` (a shell line, or argv) with `input` on stdin. Resolves
 * with undefined when it exits 0, else with what went wrong (exit status, its stderr, a spawn
 * error, the time limit); never rejects. Aborting `signal` stops the program.
 */
export function runNotifyCommand(
  command: string | readonly string[],
  input: string,
  options: { cwd: string; signal: AbortSignal; timeoutMs?: number },
): Promise<string | undefined> {
  return new Promise((resolve) => {
    const [file, args, shell] =
      typeof command === 'string' ? [command, [], true] : [command[0]!, command.slice(1), false];
    let stderr = '';
    let settled = false;
    let child: ReturnType<typeof spawn> | undefined;
    // Our own timer, cleared however the run ends (spawn's `timeout` outlives a failed spawn).
    const timer = setTimeout(
      () => child?.kill('SIGKILL'),
      options.timeoutMs ?? NOTIFY_COMMAND_TIMEOUT_MS,
    );
    const done = (problem: string | undefined): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(problem);
    };
    try {
      child = spawn(file, args, {
        cwd: options.cwd,
        shell,
        stdio: ['pipe', 'ignore', 'pipe'],
        signal: options.signal,
        killSignal: 'SIGKILL',
      });
    } catch (error) {
      done((error as Error).message);
      return;
    }
    const { stdin, stderr: errors } = child;
    errors?.setEncoding('utf8');
    errors?.on('data', (chunk: string) => {
      if (stderr.length < ERROR_CHARS) stderr += chunk;
    });
    stdin?.on('error', () => undefined);
    stdin?.end(input);
    child.on('error', (error) => done(error.message));
    child.on('close', (code, signal) => {
      if (code === 0) return done(undefined);
      const why = signal ? `stopped by ${signal}` : `exited with status ${code}`;
      const detail = stderr.trim().slice(0, ERROR_CHARS);
      done(detail ? `${why}: ${detail}` : why);
    });
  });
}
