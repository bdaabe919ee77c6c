import { z } from 'zod/v4';
import { defineTool, type Tool, type ToolResult, type ToolUpdate } from '@agent/tool-contract';
import { realWorkspaceRoot } from './path-safety';
import { bwrapArguments, sandboxEnvironment, type SandboxLayout } from './sandbox/bwrap-command';
import { runSandboxed, SANDBOX_DESCRIPTION, type ResultNotes } from './sandbox/sandboxed-run';
import type { ShellSandbox } from './sandbox/shell-sandbox';
import { runShellCommand, type ShellOutcome } from './shell-process';

export const DEFAULT_SHELL_TIMEOUT_MS = 120_000;
export const MAX_SHELL_TIMEOUT_MS = 600_000;
/** Output kept from the start and from the end of a command's output (30 KB in all). */
export const SHELL_OUTPUT_HEAD_BYTES = 15 * 1024;
export const SHELL_OUTPUT_TAIL_BYTES = 15 * 1024;

const PROGRESS_INTERVAL_MS = 250;

const inputSchema = z.object({
  command: z
    .string()
    .min(1)
    .describe('The command line, run with `bash -c` in the workspace root.'),
  timeout_ms: z
    .number()
    .int()
    .min(1)
    .max(MAX_SHELL_TIMEOUT_MS)
    .optional()
    .describe(
      `Kill the command after this many milliseconds (default ${DEFAULT_SHELL_TIMEOUT_MS}, at most ${MAX_SHELL_TIMEOUT_MS}).`,
    ),
});

export type RunShellInput = z.infer<typeof inputSchema>;

/** Options for tests and embedders; the defaults are what the model gets. */
export interface RunShellOptions {
  /** Time between SIGTERM and SIGKILL when a command is stopped. */
  killGraceMs?: number;
  /**
   * The session's sandbox: commands run in bubblewrap as it says. Without one they run with the
   * person's full rights (the commands the person types, `!cmd`).
   */
  sandbox?: ShellSandbox;
}

/** Runs a bash command in the workspace root, in its own process group (sandboxed, see options). */
export function runShellTool(options: RunShellOptions = {}): Tool<RunShellInput> {
  return defineTool({
    name: 'run_shell',
    description:
      'Run a bash command in the workspace root and return its combined stdout and stderr and exit code. ' +
      'stdin is closed, so interactive programs get end-of-file. Long output keeps its beginning and end. ' +
      `The command is killed, with its child processes, after timeout_ms (default ${DEFAULT_SHELL_TIMEOUT_MS / 1000} s). ` +
      'Do not start servers or watchers that never exit.' +
      (options.sandbox ? SANDBOX_DESCRIPTION : ''),
    inputSchema,
    permission: 'exec',
    ruleSubject: (input) => ({ kind: 'command', value: input.command }),
    describe: (input) => `$ ${input.command}`,
    async execute(input, ctx) {
      const cwd = await realWorkspaceRoot(ctx.workspaceRoot);
      const timeoutMs = input.timeout_ms ?? DEFAULT_SHELL_TIMEOUT_MS;
      const run = (layout: SandboxLayout | undefined): Promise<ShellOutcome> => {
        const env = {
          ...process.env,
          PAGER: 'cat',
          GIT_PAGER: 'cat',
          GIT_TERMINAL_PROMPT: '0',
        };
        return runShellCommand(input.command, {
          cwd,
          timeoutMs,
          signal: ctx.signal,
          headBytes: SHELL_OUTPUT_HEAD_BYTES,
          tailBytes: SHELL_OUTPUT_TAIL_BYTES,
          killGraceMs: options.killGraceMs,
          onOutput: ctx.onUpdate ? latestLineReporter(ctx.onUpdate) : undefined,
          ...(layout
            ? {
                launcher: ['bwrap', ...bwrapArguments(layout)],
                env: sandboxEnvironment(env, options.sandbox?.allowEnv),
              }
            : { env }),
        });
      };
      const result = (outcome: ShellOutcome, notes?: ResultNotes) =>
        toResult(outcome, input.command, timeoutMs, notes);
      if (!options.sandbox) return result(await run(undefined));
      return runSandboxed({
        sandbox: options.sandbox,
        command: input.command,
        workspace: cwd,
        ctx,
        run,
        result,
      });
    },
  });
}

function toResult(
  outcome: ShellOutcome,
  command: string,
  timeoutMs: number,
  notes: ResultNotes = {},
): ToolResult {
  const short = `$ ${oneLine(command, 60)}`;
  const body = stripTerminalEscapes(outcome.output).trimEnd() || '(no output)';
  const text = notes.head ? `[${notes.head}]\n${body}` : body;
  const tag = notes.tag ? `; ${notes.tag}` : '';
  const tail = notes.tail ? `\n[${notes.tail}]` : '';
  const also = notes.summary ? ` (${notes.summary})` : '';
  switch (outcome.ending) {
    case 'failed-to-start':
      return {
        output: `Could not start bash: ${outcome.error ?? 'unknown error'}`,
        isError: true,
        summary: `${short}: failed to start`,
      };
    case 'timeout':
      return {
        output: `${text}\n\n[timed out after ${formatSeconds(timeoutMs)}; the command and its child processes were killed${tag}]${tail}`,
        isError: true,
        summary: `${short}: timed out after ${formatSeconds(timeoutMs)}`,
      };
    case 'aborted':
      return {
        output: `${text}\n\n[aborted; the command and its child processes were killed${tag}]${tail}`,
        isError: true,
        summary: `${short}: aborted`,
      };
    case 'exited': {
      if (outcome.exitCode === null) {
        const by = outcome.exitSignal ?? 'a signal';
        return {
          output: `${text}\n\n[killed by ${by}${tag}]${tail}`,
          isError: true,
          summary: `${short}: killed by ${by}${also}`,
        };
      }
      const code = outcome.exitCode;
      return {
        output: `${text}\n\n[exit code ${code}${tag}]${tail}`,
        ...(code === 0 ? {} : { isError: true }),
        summary: `${short}: exit code ${code}${also}`,
      };
    }
  }
}

/** Output text a progress update carries at most (the end of what arrived since the last one). */
export const SHELL_PROGRESS_CHUNK_CHARS = 8 * 1024;

/** What a `run_shell` progress update carries in `data`: the output since the previous update. */
export interface ShellProgress {
  output: string;
}

/**
 * Reports the latest complete output line, at most every {@link PROGRESS_INTERVAL_MS}, with the
 * output that arrived since the previous report (`data`, a {@link ShellProgress}) for front ends
 * that show it as it comes (an editor).
 */
function latestLineReporter(onUpdate: (update: ToolUpdate) => void): (chunk: Buffer) => void {
  let pending = '';
  let unsent = '';
  let lastSent = 0;
  return (chunk) => {
    const text = chunk.toString('utf8');
    pending = (pending + text).slice(-4096);
    unsent = (unsent + text).slice(-SHELL_PROGRESS_CHUNK_CHARS * 2);
    const lines = pending.split('\n');
    pending = lines.pop() ?? '';
    const latest = lines
      .map((line) => stripTerminalEscapes(line).trim())
      .filter(Boolean)
      .pop();
    const now = Date.now();
    if (latest === undefined || now - lastSent < PROGRESS_INTERVAL_MS) return;
    lastSent = now;
    const output = stripTerminalEscapes(unsent).slice(-SHELL_PROGRESS_CHUNK_CHARS);
    unsent = '';
    const data: ShellProgress = { output };
    onUpdate({ text: oneLine(latest, 200), data });
  };
}

function oneLine(text: string, max: number): string {
  const line = text.replace(/\s*\n\s*/g, ' ⏎ ').trim();
  return line.length <= max ? line : `${line.slice(0, max - 1)}…`;
}

function formatSeconds(ms: number): string {
  return ms % 1000 === 0 ? `${ms / 1000} s` : `${(ms / 1000).toFixed(1)} s`;
}

/** Removes colour and cursor sequences that mean nothing to the model. */
function stripTerminalEscapes(text: string): string {
  return text
    .replace(/\x1b\[[0-9;?]*[ -/]*[@-~]/g, '')
    .replace(/\x1b\][^\x07\x1b]*(\x07|\x1b\\)/g, '');
}
