/**
 * Memoizes `build`: it runs on the first call, and every later call returns the same value.
 * Keeps heavy modules (zod, say) off start-up until something needs them.
 */
export function lazy<T>(build: () => T): () => T {
  let built = false;
  let value: T;
  return () => {
    if (!built) {
      value = build();
      built = true;
    }
    return value;
  };
}

/** zod, loaded on first use: about a hundred modules that a run calling no tool never needs. */
export function loadZod(): typeof import('zod') {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return require('zod') as typeof import('zod');
}
