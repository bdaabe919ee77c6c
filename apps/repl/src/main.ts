#!/usr/bin/env node
import { guardTerminalOutput } from '@agent/llm/text';
import { enableCompileCache } from '@agent/runtime/compile-cache';
import { parseArgs, USAGE } from './app/args';

/** Entry point: parse flags, start the REPL on the terminal, save on every exit path. */
async function main(): Promise<number> {
  // Messages on stderr (ours, or a library's before the screen is up and after it is gone)
  // never carry a raw terminal escape. stdout is the screen blessed paints: left alone.
  guardTerminalOutput(process.stderr);
  // `pnpm start -- serve` passes its `--` on.
  const argv = process.argv.slice(process.argv[2] === '--' ? 3 : 2);
  if (argv[0] === 'serve') return webPage(argv.slice(1));
  const parsed = parseArgs(process.argv.slice(2), process.env, process.cwd());
  if (!parsed.ok) {
    process.stderr.write(`agent: ${parsed.error}\n\n${USAGE}`);
    return 2;
  }
  // The editor's agent reads the command line itself (its own --help and flags).
  if (parsed.args.acp) return editorAgent(process.argv.slice(2));
  if (parsed.args.help) {
    process.stdout.write(USAGE);
    return 0;
  }
  if (parsed.args.version) {
    process.stdout.write(`${version()}\n`);
    return 0;
  }
  if (!process.stdin.isTTY || !process.stdout.isTTY) {
    process.stderr.write('agent: the REPL needs a terminal; for scripts use the headless runner\n');
    return 2;
  }
  enableCompileCache();
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { startRepl } = require('./app/start') as typeof import('./app/start');
  let repl: Awaited<ReturnType<typeof startRepl>>;
  try {
    repl = await startRepl(parsed.args, { input: process.stdin, output: process.stdout });
  } catch (error) {
    process.stderr.write(`agent: ${error instanceof Error ? error.message : String(error)}\n`);
    return 2;
  }
  // The terminal closed or the process is being stopped: a questionnaire still open is offered
  // again on resume, as after a crash (Ctrl+C, a person's choice, answers it as interrupted).
  process.on('SIGTERM', () => void repl.quit(143, true));
  process.on('SIGHUP', () => void repl.quit(129, true));
  process.on('SIGINT', () => void repl.quit(130));
  process.on('uncaughtException', (error) => {
    void repl.quit(1).then(() => process.stderr.write(`agent: ${error.stack ?? error.message}\n`));
  });
  return repl.exited;
}

/** `agent --acp`: the same agent as `agent-acp`, speaking ACP on stdin/stdout. */
function editorAgent(argv: readonly string[]): Promise<number> {
  enableCompileCache();
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const acp = require('acp') as { main(argv: readonly string[]): Promise<number> };
  return acp.main(argv);
}

/** `agent serve`: the conversation on a web page (src/serve). */
function webPage(argv: readonly string[]): Promise<number> {
  enableCompileCache();
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const serve = require('./serve/serve-main') as typeof import('./serve/serve-main');
  return serve.serveMain(argv, version);
}

function version(): string {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return (require('../package.json') as { version: string }).version;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`agent: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
