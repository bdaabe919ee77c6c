import { EXIT, type ExitCode } from './exit-codes';

/**
 * Standard output or error going away under the runner (`agent-run … | head -1`): the write
 * fails with EPIPE, emitted as an 'error' event that would otherwise crash the process with a
 * stack trace. Standard output gone ends the run (the reader has gone, like other CLIs do);
 * standard error gone only silences the messages.
 */
export class OutputWatch {
  private readonly controller = new AbortController();
  private stdoutError: NodeJS.ErrnoException | undefined;

  constructor(stdout: NodeJS.EventEmitter, stderr: NodeJS.EventEmitter) {
    stdout.on('error', (error: NodeJS.ErrnoException) => {
      this.stdoutError ??= error;
      this.controller.abort();
    });
    // Later writes to a destroyed stream fail quietly; nothing is left to tell.
    stderr.on('error', () => undefined);
  }

  /** Aborts when standard output can no longer be written. */
  get stdoutClosed(): AbortSignal {
    return this.controller.signal;
  }

  /**
   * Why the run ended early, if standard output went away: the exit code (141, as a process
   * killed by SIGPIPE, when the reader closed the pipe) and, for other write errors, a message.
   */
  failure(): { code: ExitCode; message?: string } | undefined {
    const error = this.stdoutError;
    if (!error) return undefined;
    if (error.code === 'EPIPE') return { code: EXIT.brokenPipe };
    return { code: EXIT.failed, message: `cannot write to standard output: ${error.message}` };
  }
}
