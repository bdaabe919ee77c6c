import { noteV8FlagsChanged } from './run-facts';

/**
 * Keeps WebAssembly on V8's baseline compiler (Liftoff). `fetch` parses HTTP with a WebAssembly
 * module whose optimizing compile runs in the background, and process exit waits for it: about
 * 60-100 ms at the end of every run, for code a run never needs to be faster. Only Genkit's SDK
 * still requests through Node's fetch: call it for Genkit alone, before the first request. A V8
 * flag set at run time costs every run that sets it: Node's built-in modules compiled afterwards
 * no longer match their embedded code cache (about 20 ms for the fetch internals).
 */
export function keepWasmOnBaselineCompiler(): void {
  try {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    (require('node:v8') as typeof import('node:v8')).setFlagsFromString('--liftoff-only');
    noteV8FlagsChanged();
  } catch {
    // Only speed depends on it.
  }
}
