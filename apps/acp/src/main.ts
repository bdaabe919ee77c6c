import { guardTerminalOutput } from '@agent/llm/text';
import { FlagError, parseFlags, usageText, type AgentFlags } from '@agent/runtime/flags';

/** The editor's agent's exit codes: 0 the editor closed the connection, 2 a usage error. */
const EXIT = { done: 0, failed: 1, usage: 2 } as const;

/**
 * The editor's agent (the `agent-acp` bin, and `agent --acp`): standard output carries the
 * protocol and nothing else, so whatever a library logs goes to standard error. Only argument
 * parsing runs up front: --help and --version never load the agent.
 */
export async function main(argv: readonly string[]): Promise<number> {
  guardTerminalOutput(process.stderr);
  keepConsoleOffStdout();
  let flags: AgentFlags;
  try {
    flags = parseFlags('acp', argv);
    if (flags.positionals.length > 0) {
      throw new FlagError(`unexpected argument: ${flags.positionals[0]}`);
    }
  } catch (error) {
    if (!(error instanceof FlagError)) throw error;
    process.stderr.write(`agent-acp: ${error.message}\nRun agent-acp --help for usage.\n`);
    return EXIT.usage;
  }
  if (flags.help) {
    process.stdout.write(usageText('acp'));
    return EXIT.done;
  }
  if (flags.version) {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    process.stdout.write(`${(require('../package.json') as { version: string }).version}\n`);
    return EXIT.done;
  }
  try {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { serveAcp } = require('./serve') as typeof import('./serve');
    return await serveAcp(flags, {
      stdin: process.stdin,
      stdout: process.stdout,
      env: process.env,
    });
  } catch (error) {
    process.stderr.write(`agent-acp: ${error instanceof Error ? error.message : String(error)}\n`);
    return EXIT.failed;
  }
}

/** console.log and friends write to standard error: standard output is the protocol's. */
function keepConsoleOffStdout(): void {
  const toStderr = (...args: unknown[]): void => console.error(...args);
  console.log = toStderr;
  console.info = toStderr;
  console.debug = toStderr;
}
