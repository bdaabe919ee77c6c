import { runConfiguredCommand } from '@agent/runtime';

/** How long the person's notify program may run before it is stopped. */
export const NOTIFY_COMMAND_TIMEOUT_MS = 10_000;
const ERROR_CHARS = 500;

/**
 * Runs the person's `notify.command` (a shell line, or argv) with `input` on stdin, as hooks
 * run (runConfiguredCommand: its own process group, bounded output). Resolves with undefined
 * when it exits 0, else with what went wrong (exit status, its stderr, a spawn error, the time
 * limit); never rejects. Aborting `signal` stops the program.
 */
export async function runNotifyCommand(
  command: string | readonly string[],
  input: string,
  options: { cwd: string; signal: AbortSignal; timeoutMs?: number },
): Promise<string | undefined> {
  const run = await runConfiguredCommand(command, input, {
    cwd: options.cwd,
    signal: options.signal,
    timeoutMs: options.timeoutMs ?? NOTIFY_COMMAND_TIMEOUT_MS,
  });
  if (run.code === 0) return undefined;
  const why = run.problem ?? `exited with status ${run.code}`;
  const detail = run.stderr.trim().slice(0, ERROR_CHARS);
  return detail ? `${why}: ${detail}` : why;
}
