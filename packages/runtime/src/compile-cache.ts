import Module from 'node:module';

/**
 * Turns on Node's compile cache (Node 22.1+; a no-op before): the compiled code of the modules
 * loaded from now on is kept between runs (in Node's own cache directory, NODE_COMPILE_CACHE to
 * move it), so a front end calls this before it loads the agent.
 */
export function enableCompileCache(): void {
  const nodeModule = Module as unknown as { enableCompileCache?: () => unknown };
  try {
    nodeModule.enableCompileCache?.();
  } catch {
    // An unwritable cache directory only costs speed.
  }
}
