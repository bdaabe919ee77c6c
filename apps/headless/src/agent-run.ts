#!/usr/bin/env node
/**
 * The `agent-run` bin. Node keeps the compiled code of a module between runs only when the
 * module is loaded after `module.enableCompileCache()` (Node 22.1+; in its own cache directory,
 * NODE_COMPILE_CACHE to move it), so this file turns the cache on and then loads the agent: the
 * bundle of main.ts beside it (scripts/bundle.js).
 */
import Module from 'node:module';

const nodeModule = Module as unknown as { enableCompileCache?: () => unknown };
try {
  nodeModule.enableCompileCache?.();
} catch {
  // An unwritable cache directory only costs speed.
}
// eslint-disable-next-line @typescript-eslint/no-require-imports
require('./agent.js');
