/**
 * Keeps WebAssembly on V8's baseline compiler (Liftoff). `fetch` parses HTTP with a WebAssembly
 * module whose optimizing compile runs in the background, and process exit waits for it: about
 * 60-100 ms at the end of every run, for code a run never needs to be faster. Call before the
 * first request. Only Genkit's SDK still requests through Node's fetch; the flag is set for every
 * run all the same, so that every run compiles under the same flags (see code-cache.ts).
 */
export function keepWasmOnBaselineCompiler(): void {
  try {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    (require('node:v8') as typeof import('node:v8')).setFlagsFromString('--liftoff-only');
  } catch {
    // Only speed depends on it.
  }
}
