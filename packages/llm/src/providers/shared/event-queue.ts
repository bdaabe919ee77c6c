/**
 * A single-consumer async queue for SDKs that deliver events by callback. `push` never blocks;
 * iteration yields items in order, ends after `end()`, throws the error given to `fail()`, and
 * throws the abort reason as soon as `signal` aborts, leaving no listener or waiter behind.
 */
export class EventQueue<T> implements AsyncIterable<T> {
  private readonly items: T[] = [];
  private head = 0;
  private closed = false;
  private failure: { error: unknown } | undefined;
  private waiter: (() => void) | undefined;

  constructor(private readonly signal?: AbortSignal) {}

  push(item: T): void {
    if (this.closed) return;
    this.items.push(item);
    this.wake();
  }

  end(): void {
    this.closed = true;
    this.wake();
  }

  fail(error: unknown): void {
    if (this.closed) return;
    this.failure = { error };
    this.closed = true;
    this.wake();
  }

  async *[Symbol.asyncIterator](): AsyncGenerator<T, void, undefined> {
    const signal = this.signal;
    const onAbort = () => this.wake();
    signal?.addEventListener('abort', onAbort, { once: true });
    try {
      for (;;) {
        if (signal?.aborted) throw abortReason(signal);
        if (this.head < this.items.length) {
          const item = this.items[this.head++] as T;
          if (this.head > 1024 && this.head * 2 > this.items.length) {
            this.items.splice(0, this.head);
            this.head = 0;
          }
          yield item;
          continue;
        }
        if (this.failure) throw this.failure.error;
        if (this.closed) return;
        await new Promise<void>((resolve) => (this.waiter = resolve));
      }
    } finally {
      this.waiter = undefined;
      signal?.removeEventListener('abort', onAbort);
    }
  }

  private wake(): void {
    const waiter = this.waiter;
    this.waiter = undefined;
    waiter?.();
  }
}

function abortReason(signal: AbortSignal): unknown {
  if (signal.reason instanceof Error) return signal.reason;
  const error = new Error('aborted');
  error.name = 'AbortError';
  return error;
}
