import { FlagError } from '@agent/runtime/flags';
import { parseServeArgs, SERVE_USAGE } from './serve-args';

const SIGNALS = { SIGINT: 130, SIGTERM: 143, SIGHUP: 129 } as const;

/**
 * `agent serve ...` (argv after `serve`): resolves with the exit code, 2 for a command line or
 * configuration that cannot run. `version` is the installed agent's.
 */
export async function serveMain(argv: readonly string[], version: () => string): Promise<number> {
  let args;
  try {
    args = await parseServeArgs(argv, process.env, process.cwd());
  } catch (error) {
    if (!(error instanceof FlagError)) throw error;
    process.stderr.write(`agent serve: ${error.message}\n\n${SERVE_USAGE}`);
    return 2;
  }
  if (args.help) {
    process.stdout.write(SERVE_USAGE);
    return 0;
  }
  if (args.version) {
    process.stdout.write(`${version()}\n`);
    return 0;
  }
  // Loaded only now: `--help` and a bad flag load no agent code.
  const { runServe, ServeUsageError } =
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    require('./serve-command') as typeof import('./serve-command');
  const stopped = new Promise<{ code: number; goingAway: boolean }>((resolve) => {
    for (const [signal, code] of Object.entries(SIGNALS)) {
      process.once(signal, () => resolve({ code, goingAway: signal !== 'SIGINT' }));
    }
  });
  try {
    return await runServe(args, {
      stdout: process.stdout,
      stderr: process.stderr,
      env: process.env,
      stopped,
    });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    process.stderr.write(`agent serve: ${message}\n`);
    return error instanceof ServeUsageError ? 2 : 1;
  }
}
