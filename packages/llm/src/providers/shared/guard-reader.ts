import type { ProviderError, StreamEvent } from '../../provider';
import type { EndEvent, StreamState } from './guard-stream';
import type { StreamReader } from './stream-reader';
import { ABORTED, AbortRace } from './abort-race';

/** An open response: the SDK's item stream and the reader that translates it. */
export interface ReaderConnection<T> {
  source: AsyncIterable<T>;
  reader: StreamReader<T>;
}

/** Connects (sets `state.streaming` once the response began), or ends before any request. */
export type Connect<T> = (state: StreamState) => Promise<ReaderConnection<T> | EndEvent>;

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
  private readonly abort: AbortRace;
  private items: AsyncIterator<T> | undefined;
  private reader: StreamReader<T> | undefined;
  private queue: StreamEvent[] = [];
  private head = 0;
  private ending: EndEvent | undefined;
  private started = false;
  private done = false;
  private sourceOpen = false;

  constructor(
    private readonly signal: AbortSignal,
    private readonly connect: Connect<T>,
    private readonly classify: (error: unknown, state: StreamState) => ProviderError,
  ) {
    this.abort = new AbortRace(signal);
  }

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
    this.abort.listen();
    const pending = this.connect(this.state);
    const opened = await this.abort.race(pending);
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
    const step = await this.abort.race(this.items!.next());
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
    this.queue = [];
    this.abort.stop();
    if (this.items && this.sourceOpen) {
      this.sourceOpen = false;
      Promise.resolve(this.items.return?.()).catch(() => undefined);
    }
  }
}

function closeLate(late: ReaderConnection<unknown> | EndEvent): void {
  if ('type' in late) return;
  const items = late.source[Symbol.asyncIterator]();
  Promise.resolve(items.return?.()).catch(() => undefined);
}
