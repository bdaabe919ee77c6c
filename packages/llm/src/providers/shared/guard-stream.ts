import type { ProviderError, StreamEvent } from '../../provider';
import { ABORTED, AbortRace } from './abort-race';

export type EndEvent = Extract<StreamEvent, { type: 'end' }>;

/** Mutable facts a stream body shares with its guard. */
export interface StreamState {
  /** Set once the response has begun, so a dropped connection counts as a cut stream. */
  streaming: boolean;
}

type BodyIterator = AsyncIterator<StreamEvent, EndEvent | void>;

/**
 * A stream body: yields events (never `end`) and returns its own ending, or throws. It may be an
 * async generator function, or an async function that connects and then returns the iterator
 * (one layer fewer per event on long streams).
 */
export type StreamBody = (state: StreamState) => BodyIterator | Promise<BodyIterator>;

/**
 * Runs a stream body under the Provider contract: never throws, ends with exactly one `end`
 * event, stops waiting the moment `signal` aborts (ending `aborted`) and closes the body.
 * A body that returns nothing ends with `stop`; a thrown error goes through `classify`.
 */
export function guardStream(
  signal: AbortSignal,
  body: StreamBody,
  classify: (error: unknown, state: StreamState) => ProviderError,
): AsyncIterableIterator<StreamEvent> {
  return new GuardedStream(signal, body, classify);
}

class GuardedStream implements AsyncIterableIterator<StreamEvent> {
  private readonly state: StreamState = { streaming: false };
  private readonly abort: AbortRace;
  private inner: BodyIterator | undefined;
  private started = false;
  private done = false;
  private innerFinished = false;

  constructor(
    private readonly signal: AbortSignal,
    private readonly body: StreamBody,
    private readonly classify: (error: unknown, state: StreamState) => ProviderError,
  ) {
    this.abort = new AbortRace(signal);
  }

  [Symbol.asyncIterator](): AsyncIterableIterator<StreamEvent> {
    return this;
  }

  async next(): Promise<IteratorResult<StreamEvent>> {
    if (this.done) return { done: true, value: undefined };
    try {
      if (!this.started) {
        this.started = true;
        if (this.signal.aborted) return this.finish({ type: 'end', stopReason: 'aborted' });
        this.abort.listen();
        const produced = this.body(this.state);
        const inner = isPromise(produced) ? await this.abort.race(produced) : produced;
        if (inner === ABORTED) {
          if (isPromise(produced))
            produced.then(
              (late) => late.return?.(),
              () => undefined,
            );
          return this.finish({ type: 'end', stopReason: 'aborted' });
        }
        this.inner = inner;
      }
      const step = await this.abort.race(this.inner!.next());
      if (step === ABORTED) return this.finish({ type: 'end', stopReason: 'aborted' });
      if (step.done) {
        this.innerFinished = true;
        if (this.signal.aborted) return this.finish({ type: 'end', stopReason: 'aborted' });
        return this.finish(step.value ?? { type: 'end', stopReason: 'stop' });
      }
      if (step.value.type === 'end') return this.finish(step.value);
      return { done: false, value: step.value };
    } catch (error) {
      this.innerFinished = true;
      if (this.signal.aborted) return this.finish({ type: 'end', stopReason: 'aborted' });
      return this.finish({
        type: 'end',
        stopReason: 'error',
        error: this.classify(error, this.state),
      });
    }
  }

  async return(): Promise<IteratorResult<StreamEvent>> {
    this.close();
    return { done: true, value: undefined };
  }

  private finish(end: EndEvent): IteratorResult<StreamEvent> {
    this.close();
    return { done: false, value: end };
  }

  private close(): void {
    if (this.done) return;
    this.done = true;
    this.abort.stop();
    const inner = this.inner;
    if (inner && !this.innerFinished) {
      this.innerFinished = true;
      Promise.resolve(inner.return?.(undefined)).catch(() => undefined);
    }
  }
}

function isPromise<T>(value: T | Promise<T>): value is Promise<T> {
  return typeof (value as { then?: unknown }).then === 'function';
}
