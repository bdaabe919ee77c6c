/** How a raced promise settled. */
export type Settled<T> =
  { kind: 'value'; value: T } | { kind: 'error'; error: unknown } | { kind: 'aborted' };

/**
 * Waits for `promise` or the abort of `signal`, whichever comes first, and removes its listener
 * either way. A promise still running after an abort is left to settle on its own, its rejection
 * swallowed, so nothing of this wait stays pending.
 */
export function abortable<T>(promise: Promise<T>, signal: AbortSignal): Promise<Settled<T>> {
  if (signal.aborted) {
    promise.catch(() => undefined);
    return Promise.resolve({ kind: 'aborted' });
  }
  return new Promise<Settled<T>>((resolve) => {
    const onAbort = (): void => resolve({ kind: 'aborted' });
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve({ kind: 'value', value });
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        resolve({ kind: 'error', error });
      },
    );
  });
}

/** Calls `fn` and turns a synchronous throw into a rejected promise. */
export function attempt<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return Promise.resolve(fn());
  } catch (error) {
    return Promise.reject(error instanceof Error ? error : new Error(String(error)));
  }
}

export function errorMessage(error: unknown): string {
  if (error instanceof Error) return error.message;
  return String(error);
}
