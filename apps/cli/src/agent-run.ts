#!/usr/bin/env node
/**
 * The `agent-run` bin. Node keeps the compiled code of a module between runs only when it is loaded
 * after the compile cache is on, so this file turns the cache on and then loads the commands.
 */
import { enableCompileCache } from '@agent/runtime/compile-cache';

enableCompileCache();
// eslint-disable-next-line @typescript-eslint/no-require-imports
(require('./commands.js') as typeof import('./commands')).headless();
