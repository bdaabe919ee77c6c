// The agent half of the runner, bundled on its own (dist/agent-core.js) so main.ts can load it
// through the code cache. UsageError travels with it: the launcher's copy is another class.
export { runHeadless, type RunIO } from './run';
export { UsageError } from './exit-codes';
export { worthCaching } from './run-facts';
