/** What `AbortRace.race` resolves with when the signal aborts first. */
export const ABORTED = Symbol('aborted');
export type Aborted = typeof ABORTED;

/**
 * Races one stream's waits against its AbortSignal: `race` resolves ABORTED the moment the
 * signal aborts (or at once if it already has), swallowing the late settlement of the wait.
 * `listen` once before the first wait; `stop` removes the listener and leaves nothing pending.
 */
export class AbortRace {
  private wake: ((value: Aborted) => void) | undefined;
  private readonly onAbort = (): void => this.wake?.(ABORTED);

  constructor(private readonly signal: AbortSignal) {}

  listen(): void {
    this.signal.addEventListener('abort', this.onAbort, { once: true });
  }

  stop(): void {
    this.wake = undefined;
    this.signal.removeEventListener('abort', this.onAbort);
  }

  /** Waits for `pending` unless the signal aborts first; a late rejection is swallowed. */
  race<V>(pending: Promise<V>): Promise<V | Aborted> {
    return new Promise<V | Aborted>((resolve, reject) => {
      if (this.signal.aborted) {
        pending.catch(() => undefined);
        resolve(ABORTED);
        return;
      }
      this.wake = (value) => {
        pending.catch(() => undefined);
        resolve(value);
      };
      pending.then(resolve, reject);
    });
  }
}
