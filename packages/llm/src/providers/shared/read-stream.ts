import type { StreamEvent } from '../../provider';
import type { EndEvent } from './guard-stream';

/**
 * Translates one wire's items into neutral events, synchronously, item by item. Keeping the
 * translation synchronous keeps long streams cheap: one async step per wire item, not per layer.
 */
export interface StreamReader<T> {
  /** The events one wire item produces, in order. */
  push(item: T): StreamEvent[];
  /** The source is exhausted: final events and the ending (a missing terminal item is a cut). */
  finish(): { events: StreamEvent[]; end: EndEvent };
  /**
   * The source failed: events still worth delivering (prose held back, say) and, when the turn
   * was already complete, its ending; without an ending the error is rethrown for the guard.
   */
  fail(error: unknown): { events: StreamEvent[]; end?: EndEvent };
  /** True once a terminal item arrived: reading stops there and the source is closed. */
  isComplete?(): boolean;
}

/** A body iterator for `guardStream` that feeds `source` through `reader`. */
export function readStream<T>(
  source: AsyncIterable<T>,
  reader: StreamReader<T>,
): AsyncIterator<StreamEvent, EndEvent> {
  const items = source[Symbol.asyncIterator]();
  let queue: StreamEvent[] = [];
  let head = 0;
  let ending: EndEvent | undefined;
  let failure: { error: unknown } | undefined;
  return {
    async next(): Promise<IteratorResult<StreamEvent, EndEvent>> {
      for (;;) {
        if (head < queue.length) return { done: false, value: queue[head++]! };
        if (ending) return { done: true, value: ending };
        if (failure) throw failure.error;
        let step: IteratorResult<T>;
        try {
          step = await items.next();
        } catch (error) {
          const tail = reader.fail(error);
          queue = tail.events;
          head = 0;
          if (tail.end) ending = tail.end;
          else failure = { error };
          continue;
        }
        head = 0;
        if (step.done) {
          const tail = reader.finish();
          queue = tail.events;
          ending = tail.end;
        } else {
          queue = reader.push(step.value);
          if (reader.isComplete?.()) {
            Promise.resolve(items.return?.()).catch(() => undefined);
            const tail = reader.finish();
            queue.push(...tail.events);
            ending = tail.end;
          }
        }
      }
    },
    async return(): Promise<IteratorResult<StreamEvent, EndEvent>> {
      ending ??= { type: 'end', stopReason: 'aborted' };
      queue = [];
      await items.return?.();
      return { done: true, value: ending };
    },
  };
}
