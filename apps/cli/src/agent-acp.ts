#!/usr/bin/env node
/**
 * The `agent-acp` bin. Node keeps the compiled code of a module between runs only when it is
 * loaded after the compile cache is on, so this file turns the cache on and then loads the
 * commands.
 */
import { enableCompileCache } from '@agent/runtime/compile-cache';

enableCompileCache();
// eslint-disable-next-line @typescript-eslint/no-require-imports
const commands = require('./commands.js') as typeof import('./commands');
void commands.acp(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`agent-acp: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
