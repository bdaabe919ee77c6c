/**
 * The three front ends in one bundle (scripts/bundle.js), so that the code they share ships
 * once: each is loaded only when its command runs.
 */

/** `agent`: the REPL's entry point, which runs on load. */
export function repl(): void {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  require('repl/src/main');
}

/** `agent-run`: the headless runner's entry point, which runs on load. */
export function headless(): void {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  require('headless/src/main');
}

/** `agent-acp`: the editor's agent; resolves with its exit code. */
export function acp(argv: readonly string[]): Promise<number> {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const agent = require('acp/src/main') as typeof import('acp/src/main');
  return agent.main(argv);
}
