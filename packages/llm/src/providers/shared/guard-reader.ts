import type { ProviderError, StreamEvent } from '../../provider';
import type { EndEvent, StreamState } from './guard-stream';
import type { StreamReader } from './stream-reader';

/** An open response: the SDK's item stream and the reader that translates it. */
export interface ReaderConnection<T> {
  source: AsyncIterable<T>;
  reader: StreamReader<T>;
}

/** Connects (sets `state.streaming` once the response began), or ends before any request. */
export type Connect<T> = (state: StreamState) => Promise<ReaderConnection<T> | EndEvent>;

const ABORTED = Symbol('aborted');
type Aborted = typeof ABORTED;

/**
 * `guardStream` for adapters whose translation is a synchronous StreamReader: the same contract
 * (never throws, exactly one `end`, prompt `aborted` on abort, the source closed) with a single
 * async step per wire item, which keeps long streams cheap.
 */
export function guardReader<T>(
  signal: AbortSignal,
  connect: Connect<T>,
  classify: (error: unknown, state: StreamState) => ProviderError,
): AsyncIterableIterator<StreamEvent> {
  return new GuardedReader(signal, connect, classify);
}

class GuardedReader<T> implements AsyncIterableIterator<StreamEvent> {
  private readonly state: StreamState = { streaming: false };
  private items: AsyncIterator<T> | undefined;
  private reader: StreamReader<T> | undefined;
  private queue: StreamEvent[] = [];
  private head = 0;
  private ending: EndEvent | undefined;
  private started = false;
  private done = false;
  private sourceOpen = false;
  private wake: ((value: Aborted) => void) | undefined;
  private readonly onAbort = (): void => this.wake?.(ABORTED);

  constructor(
    private readonly signal: AbortSignal,
    private readonly connect: Connect<T>,
    private readonly classify: (error: unknown, state: StreamState) => ProviderError,
  ) {}

  [Symbol.asyncIterator](): AsyncIterableIterator<StreamEvent> {
    return this;
  }

  async next(): Promise<IteratorResult<StreamEvent>> {
    for (;;) {
      if (this.done) return { done: true, value: undefined };
      if (this.head < this.queue.length) return { done: false, value: this.queue[this.head++]! };
      if (this.ending) return this.finish(this.ending);
      try {
        if (!this.started) await this.open();
        else await this.pull();
      } catch (error) {
        this.failed(error);
      }
    }
  }

  async return(): Promise<IteratorResult<StreamEvent>> {
    this.close();
    return { done: true, value: undefined };
  }

  private async open(): Promise<void> {
    this.started = true;
    if (this.signal.aborted) {
      this.ending = { type: 'end', stopReason: 'aborted' };
      return;
    }
    this.signal.addEventListener('abort', this.onAbort, { once: true });
    const pending = this.connect(this.state);
    const opened = await this.race(pending);
    if (opened === ABORTED) {
      pending.then(
        (late) => closeLate(late),
        () => undefined,
      );
      this.ending = { type: 'end', stopReason: 'aborted' };
    } else if ('type' in opened) {
      this.ending = opened;
    } else {
      this.items = opened.source[Symbol.asyncIterator]();
      this.reader = opened.reader;
      this.sourceOpen = true;
    }
  }

  private async pull(): Promise<void> {
    const reader = this.reader!;
    const step = await this.race(this.items!.next());
    if (step === ABORTED) {
      this.ending = { type: 'end', stopReason: 'aborted' };
      return;
    }
    this.head = 0;
    if (step.done) {
      this.sourceOpen = false;
      if (this.signal.aborted) {
        this.queue = [];
        this.ending = { type: 'end', stopReason: 'aborted' };
        return;
      }
      const tail = reader.finish();
      this.queue = tail.events;
      this.ending = tail.end;
      return;
    }
    this.queue = reader.push(step.value);
    if (reader.isComplete?.()) {
      const tail = reader.finish();
      this.queue.push(...tail.events);
      this.ending = tail.end;
    }
  }

  private failed(error: unknown): void {
    this.sourceOpen = false;
    this.head = 0;
    if (this.signal.aborted) {
      this.queue = [];
      this.ending = { type: 'end', stopReason: 'aborted' };
      return;
    }
    const tail = this.reader?.fail(error);
    this.queue = tail?.events ?? [];
    this.ending = tail?.end ?? {
      type: 'end',
      stopReason: 'error',
      error: this.classify(error, this.state),
    };
  }

  private finish(end: EndEvent): IteratorResult<StreamEvent> {
    this.close();
    return { done: false, value: end };
  }

  private close(): void {
    if (this.done) return;
    this.done = true;
    this.wake = undefined;
    this.queue = [];
    this.signal.removeEventListener('abort', this.onAbort);
    if (this.items && this.sourceOpen) {
      this.sourceOpen = false;
      Promise.resolve(this.items.return?.()).catch(() => undefined);
    }
  }

  /** Waits for `pending` unless the signal aborts first; a late rejection is swallowed. */
  private race<V>(pending: Promise<V>): Promise<V | Aborted> {
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

function closeLate(late: ReaderConnection<unknown> | EndEvent): void {
  if ('type' in late) return;
  const items = late.source[Symbol.asyncIterator]();
  Promise.resolve(items.return?.()).catch(() => undefined);
}
