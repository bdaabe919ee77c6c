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

/**
 * Like `abortable`, for many successive waits on one signal (every event of a stream): one abort
 * listener serves them all instead of one added and removed per wait. One wait at a time; call
 * `dispose` when done.
 */
export function abortRace(signal: AbortSignal): {
  race<T>(promise: Promise<T>): Promise<Settled<T>>;
  dispose(): void;
} {
  let settleCurrent: ((settled: Settled<never>) => void) | undefined;
  const onAbort = (): void => settleCurrent?.({ kind: 'aborted' });
  signal.addEventListener('abort', onAbort, { once: true });
  return {
    race<T>(promise: Promise<T>): Promise<Settled<T>> {
      return new Promise<Settled<T>>((resolve) => {
        settleCurrent = resolve;
        if (signal.aborted) {
          promise.catch(() => undefined);
          resolve({ kind: 'aborted' });
          return;
        }
        promise.then(
          (value) => resolve({ kind: 'value', value }),
          (error: unknown) => resolve({ kind: 'error', error }),
        );
      });
    },
    dispose: () => {
      settleCurrent = undefined;
      signal.removeEventListener('abort', onAbort);
    },
  };
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
