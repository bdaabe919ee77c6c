#!/usr/bin/env node
import { guardTerminalOutput } from '@agent/llm/text';
import { OutputWatch } from './broken-pipe';
import { parseCliArgs } from './cli-args';
import { EXIT, UsageError } from './exit-codes';
import { usageText } from './usage';
import { readVersion } from './version';

/**
 * The runner (loaded by the `agent-run` bin, src/agent-run.ts). Only argument parsing runs up
 * front: --help and --version never initialise the agent.
 */
async function main(argv: readonly string[]): Promise<number> {
  const watch = new OutputWatch(process.stdout, process.stderr);
  const code = await runMain(argv, watch.stdoutClosed);
  const failure = watch.failure();
  if (!failure) return code;
  if (failure.message) process.stderr.write(`agent-run: ${failure.message}\n`);
  return failure.code;
}

async function runMain(argv: readonly string[], stdoutClosed: AbortSignal): Promise<number> {
  // Whoever writes (our output, an SDK's console.error, a parser's warning), no terminal escape
  // reaches the terminal or a pipe raw.
  guardTerminalOutput(process.stdout);
  guardTerminalOutput(process.stderr);
  try {
    const command = parseCliArgs(argv);
    if (command.kind === 'help') {
      process.stdout.write(usageText());
      return EXIT.done;
    }
    if (command.kind === 'version') {
      process.stdout.write(`${readVersion()}\n`);
      return EXIT.done;
    }
    if (command.kind === 'explain') {
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      const { explainLine } = require('./explain') as typeof import('./explain');
      process.stdout.write(
        await explainLine(command.command, command.options, {
          env: process.env,
          cwd: process.cwd(),
        }),
      );
      return EXIT.done;
    }
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { runHeadless } = require('./run') as typeof import('./run');
    try {
      return await runHeadless(command.options, {
        // Opened only when the prompt comes from standard input.
        get stdin() {
          return process.stdin;
        },
        stdout: process.stdout,
        stderr: process.stderr,
        env: process.env,
        cwd: process.cwd(),
        stdoutClosed,
      });
    } finally {
      await stopCommands();
    }
  } catch (error) {
    if (error instanceof UsageError) {
      process.stderr.write(`agent-run: ${error.message}\nRun agent-run --help for usage.\n`);
      return EXIT.usage;
    }
    process.stderr.write(`agent-run: ${error instanceof Error ? error.message : String(error)}\n`);
    return EXIT.failed;
  }
}

/**
 * Commands the agent started, and background jobs they left, end before the runner does: an
 * interrupted turn stops waiting for its command at once, so its group may still be dying.
 * Bounded by the shell tool's grace period; another signal meanwhile kills them at once.
 */
async function stopCommands(): Promise<void> {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const tools = require('@agent/tools') as typeof import('@agent/tools');
  const now = (): void => {
    tools.killShellProcessesNow();
    process.exit(EXIT.interrupted);
  };
  process.once('SIGINT', now);
  process.once('SIGTERM', now);
  await tools.stopShellProcesses();
  process.off('SIGINT', now);
  process.off('SIGTERM', now);
}

// Node ends a process whose event loop ran dry with status 0, even with the run unfinished (a
// promise nothing will settle): that is a failure, and it says so.
let finished = false;
process.once('beforeExit', () => {
  if (finished) return;
  process.exitCode = EXIT.failed;
  process.stderr.write('agent-run: the run stopped unfinished, with nothing left to wait for\n');
});

void main(process.argv.slice(2)).then((code) => {
  finished = true;
  process.exitCode = code;
  // SDK keep-alive sockets and timers must not hold a finished run open.
  process.exit(code);
});
