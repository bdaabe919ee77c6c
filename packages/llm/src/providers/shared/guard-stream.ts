import type { ProviderError, StreamEvent } from '../../provider';
import { abortRace, type AbortRace } from '../../loop/abortable';
import type { StreamReader } from './stream-reader';

export type EndEvent = Extract<StreamEvent, { type: 'end' }>;

/** Mutable facts a stream shares with its guard. */
export interface StreamState {
  /** Set once the response has begun, so a dropped connection counts as a cut stream. */
  streaming: boolean;
}

/**
 * An open response: the wire's items and the reader that translates them. What the items'
 * iterator returns when it is done reaches `reader.finish`.
 */
export interface Connection<T, R = void> {
  source: AsyncIterable<T> | AsyncIterator<T, R>;
  reader: StreamReader<T, R>;
}

/** Connects (setting `state.streaming` once the response began), or ends before any request. */
export type Connect<T, R = void> = (
  state: StreamState,
) => Connection<T, R> | EndEvent | Promise<Connection<T, R> | EndEvent>;

/** A stream body's iterator: yields neutral events and returns its own ending (or nothing). */
export type EventBody = AsyncIterator<StreamEvent, EndEvent | void>;

/**
 * The one guard of the Provider contract, for every adapter: never throws, ends with exactly one
 * `end` event, stops waiting the moment `signal` aborts (ending `aborted`) and closes the source.
 * A failure the reader cannot end itself goes through `classify`. One async step per wire item.
 */
export function guardStream<T, R = void>(
  signal: AbortSignal,
  connect: Connect<T, R>,
  classify: (error: unknown, state: StreamState) => ProviderError,
): AsyncIterableIterator<StreamEvent> {
  return new GuardedStream(signal, connect, classify);
}

/**
 * A body that already yields neutral events (an async generator), as a connection: a yielded
 * `end` ends the stream, else the body's return value does, else `stop`.
 */
export function eventBody(body: EventBody): Connection<StreamEvent, EndEvent | void> {
  return { source: body, reader: new EventReader() };
}

class EventReader implements StreamReader<StreamEvent, EndEvent | void> {
  private ending: EndEvent | undefined;

  push(event: StreamEvent): StreamEvent[] {
    if (event.type !== 'end') return [event];
    this.ending = event;
    return [];
  }

  isComplete(): boolean {
    return this.ending !== undefined;
  }

  finish(returned?: EndEvent | void): { events: StreamEvent[]; end: EndEvent } {
    return { events: [], end: this.ending ?? returned ?? { type: 'end', stopReason: 'stop' } };
  }

  fail(): { events: StreamEvent[] } {
    return { events: [] };
  }
}

const ABORTED: EndEvent = { type: 'end', stopReason: 'aborted' };

class GuardedStream<T, R> implements AsyncIterableIterator<StreamEvent> {
  private readonly state: StreamState = { streaming: false };
  private waits: AbortRace | undefined;
  private items: AsyncIterator<T, R> | undefined;
  private reader: StreamReader<T, R> | undefined;
  private queue: StreamEvent[] = [];
  private head = 0;
  private ending: EndEvent | undefined;
  private started = false;
  private done = false;
  private sourceOpen = false;

  constructor(
    private readonly signal: AbortSignal,
    private readonly connect: Connect<T, R>,
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
      this.ending = ABORTED;
      return;
    }
    this.waits = abortRace(this.signal);
    const produced = this.connect(this.state);
    let opened: Connection<T, R> | EndEvent;
    if (isPromise(produced)) {
      const settled = await this.waits.race(produced);
      if (settled.kind === 'aborted') {
        produced.then(closeLate, () => undefined);
        this.ending = ABORTED;
        return;
      }
      if (settled.kind === 'error') throw settled.error;
      opened = settled.value;
    } else {
      opened = produced;
    }
    if ('type' in opened) {
      this.ending = opened;
      return;
    }
    this.items = iteratorOf(opened.source);
    this.reader = opened.reader;
    this.sourceOpen = true;
  }

  private async pull(): Promise<void> {
    const reader = this.reader!;
    const settled = await this.waits!.race(this.items!.next());
    if (settled.kind === 'aborted') {
      this.ending = ABORTED;
      return;
    }
    if (settled.kind === 'error') throw settled.error;
    const step = settled.value;
    this.head = 0;
    if (step.done) {
      this.sourceOpen = false;
      if (this.signal.aborted) {
        this.queue = [];
        this.ending = ABORTED;
        return;
      }
      const tail = reader.finish(step.value);
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
      this.ending = ABORTED;
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
    this.waits?.dispose();
    if (this.items && this.sourceOpen) {
      this.sourceOpen = false;
      Promise.resolve(this.items.return?.()).catch(() => undefined);
    }
  }
}

function iteratorOf<T, R>(source: AsyncIterable<T> | AsyncIterator<T, R>): AsyncIterator<T, R> {
  return Symbol.asyncIterator in source
    ? (source[Symbol.asyncIterator]() as AsyncIterator<T, R>)
    : source;
}

function closeLate(late: Connection<unknown, unknown> | EndEvent): void {
  if ('type' in late) return;
  Promise.resolve(iteratorOf(late.source).return?.()).catch(() => undefined);
}

function isPromise<T>(value: T | Promise<T>): value is Promise<T> {
  return typeof (value as { then?: unknown }).then === 'function';
}
