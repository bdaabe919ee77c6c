import type { StopReason } from '../../provider';
import type { EndEvent } from './guard-stream';
import { streamCutError } from './provider-error';

/** A wire mapper that knows whether the model's terminal event arrived and why the turn stopped. */
export interface FinishingMapper {
  readonly finished: boolean;
  readonly stop: StopReason;
}

/** The turn's ending once the source is exhausted: the stop reason, or a cut naming `missing`. */
export function turnEnd(mapper: FinishingMapper, missing: string): EndEvent {
  if (!mapper.finished) return { type: 'end', stopReason: 'error', error: streamCutError(missing) };
  return { type: 'end', stopReason: mapper.stop };
}
