/**
 * Waiting under an AbortSignal, for the loop and the provider adapters alike: every wait ends the
 * moment its signal aborts and leaves no listener or timer behind.
 */

/** How a raced promise settled. */
export type Settled<T> =
  { kind: 'value'; value: T } | { kind: 'error'; error: unknown } | { kind: 'aborted' };

/** Successive waits raced against one signal; see `abortRace`. */
export interface AbortRace {
  race<T>(promise: Promise<T>): Promise<Settled<T>>;
  dispose(): void;
}

/**
 * Races many successive waits on one signal (every event of a stream) as `abortable` races one:
 * one abort listener serves them all, which a listener added and removed per wait would cost
 * several times over. `race` settles `aborted` the moment the signal aborts (or at once if it
 * has); a promise still running then is left to settle on its own, its rejection swallowed. One
 * wait at a time; call `dispose` when done.
 */
export function abortRace(signal: AbortSignal): AbortRace {
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

const ABORTED: unique symbol = Symbol('aborted');

/**
 * One wait: `promise` or the abort of `signal`, whichever comes first. It settles `aborted` the
 * moment the signal aborts (at once if it has); a promise still running then is left to settle on
 * its own, its rejection swallowed (the race holds it). Its one listener goes when it settles.
 */
export async function abortable<T>(promise: Promise<T>, signal: AbortSignal): Promise<Settled<T>> {
  let onAbort = (): void => undefined;
  const aborted = new Promise<typeof ABORTED>((resolve) => {
    onAbort = () => resolve(ABORTED);
  });
  if (signal.aborted) onAbort();
  else signal.addEventListener('abort', onAbort, { once: true });
  try {
    // `aborted` first: when both have settled already, the abort wins.
    const value = await Promise.race([aborted, promise]);
    return value === ABORTED ? { kind: 'aborted' } : { kind: 'value', value };
  } catch (error) {
    return { kind: 'error', error };
  } finally {
    signal.removeEventListener('abort', onAbort);
  }
}

/** Resolves after `ms`, or at once when `signal` aborts. */
export function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const done = (): void => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
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
