import type { StreamEvent } from '../../provider';
import type { EndEvent } from './guard-stream';

/**
 * Translates one wire's items into neutral events, synchronously, item by item. Keeping the
 * translation synchronous keeps long streams cheap: one async step per wire item, not per layer.
 */
export interface StreamReader<T, R = void> {
  /** The events one wire item produces, in order. */
  push(item: T): StreamEvent[];
  /**
   * The source is exhausted (`returned` is what its iterator returned): final events and the
   * ending (a missing terminal item is a cut).
   */
  finish(returned?: R): { events: StreamEvent[]; end: EndEvent };
  /**
   * The source failed: events still worth delivering (prose held back, say) and, when the turn
   * was already complete, its ending; without an ending the error is rethrown for the guard.
   */
  fail(error: unknown): { events: StreamEvent[]; end?: EndEvent };
  /** True once a terminal item arrived: reading stops there and the source is closed. */
  isComplete?(): boolean;
}
