#!/usr/bin/env node
import Module from 'node:module';
import path from 'node:path';
import { guardTerminalOutput } from '@agent/llm/text';
import { parseCliArgs } from './cli-args';
import type { CachedModule } from './code-cache';
import { EXIT, UsageError } from './exit-codes';
import { usageText } from './usage';
import { readVersion } from './version';

type Core = typeof import('./core');

/**
 * Entry point (bundled as dist/agent-run.js). Only argument parsing runs up front; the agent is a
 * second bundle, dist/agent-core.js, loaded after it through a code cache, so --version never
 * compiles it and a run compiles it only once.
 */
async function main(argv: readonly string[]): Promise<number> {
  // Whoever writes (our output, an SDK's console.error, a parser's warning), no terminal escape
  // reaches the terminal or a pipe raw.
  guardTerminalOutput(process.stdout);
  guardTerminalOutput(process.stderr);
  let core: CachedModule<Core> | undefined;
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
    enableCompileCache();
    core = loadCore();
    const code = await core.exports.runHeadless(command.options, {
      // Opened only when the prompt comes from standard input.
      get stdin() {
        return process.stdin;
      },
      stdout: process.stdout,
      stderr: process.stderr,
      env: process.env,
      cwd: process.cwd(),
    });
    // Only a finished provider turn compiled what later runs need (see run-facts.ts).
    if (code === EXIT.done && core.exports.worthCaching()) core.save();
    return code;
  } catch (error) {
    if (error instanceof UsageError || (core && error instanceof core.exports.UsageError)) {
      process.stderr.write(`agent-run: ${error.message}\nRun agent-run --help for usage.\n`);
      return EXIT.usage;
    }
    process.stderr.write(`agent-run: ${error instanceof Error ? error.message : String(error)}\n`);
    return EXIT.failed;
  }
}

/** The agent core, through the code cache in $AGENT_HOME/cache (loaded here, not for --version). */
function loadCore(): CachedModule<Core> {
  /* eslint-disable @typescript-eslint/no-require-imports */
  const { agentHome } = require('@agent/llm/agent-home') as typeof import('@agent/llm/agent-home');
  const { requireWithCodeCache } = require('./code-cache') as typeof import('./code-cache');
  /* eslint-enable @typescript-eslint/no-require-imports */
  return requireWithCodeCache<Core>(
    path.join(__dirname, 'agent-core.js'),
    path.join(agentHome(process.env), 'cache'),
  );
}

/**
 * Node 22.1+ caches the compiled code of modules loaded from now on between runs (the packages the
 * core requires at run time; the core has its own cache); a no-op on Node 20.
 */
function enableCompileCache(): void {
  const nodeModule = Module as unknown as { enableCompileCache?: () => unknown };
  try {
    nodeModule.enableCompileCache?.();
  } catch {
    // An unwritable cache directory only costs speed.
  }
}

void main(process.argv.slice(2)).then((code) => {
  process.exitCode = code;
  // SDK keep-alive sockets and timers must not hold a finished run open.
  process.exit(code);
});
