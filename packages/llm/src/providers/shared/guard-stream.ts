import type { ProviderError, StreamEvent } from '../../provider';

export type EndEvent = Extract<StreamEvent, { type: 'end' }>;

/** Mutable facts a stream body shares with its guard. */
export interface StreamState {
  /** Set once the response has begun, so a dropped connection counts as a cut stream. */
  streaming: boolean;
}

/**
 * A stream body: yields events (never `end`) and returns its own ending, or throws. The guard
 * passes `signal` on so the body can hand it to its SDK.
 */
export type StreamBody = (state: StreamState) => AsyncGenerator<StreamEvent, EndEvent | void>;

const ABORTED = Symbol('aborted');

/**
 * Runs a stream body under the Provider contract: never throws, ends with exactly one `end`
 * event, stops waiting the moment `signal` aborts (ending `aborted`) and closes the body.
 * A body that returns nothing ends with `stop`; a thrown error goes through `classify`.
 */
export async function* guardStream(
  signal: AbortSignal,
  body: StreamBody,
  classify: (error: unknown, state: StreamState) => ProviderError,
): AsyncGenerator<StreamEvent, void, undefined> {
  if (signal.aborted) {
    yield { type: 'end', stopReason: 'aborted' };
    return;
  }
  const state: StreamState = { streaming: false };
  let wake: ((value: typeof ABORTED) => void) | undefined;
  const onAbort = () => wake?.(ABORTED);
  signal.addEventListener('abort', onAbort, { once: true });
  let iterator: AsyncGenerator<StreamEvent, EndEvent | void> | undefined;
  let ending: EndEvent;
  let finished = false;
  try {
    iterator = body(state);
    for (;;) {
      const pending = iterator.next();
      const step = await new Promise<IteratorResult<StreamEvent, EndEvent | void> | typeof ABORTED>(
        (resolve, reject) => {
          wake = resolve;
          if (signal.aborted) resolve(ABORTED);
          pending.then(resolve, reject);
        },
      );
      wake = undefined;
      if (step === ABORTED) {
        pending.catch(() => undefined);
        ending = { type: 'end', stopReason: 'aborted' };
        break;
      }
      if (step.done) {
        finished = true;
        ending = signal.aborted ? { type: 'end', stopReason: 'aborted' } : (step.value ?? stop());
        break;
      }
      if (step.value.type === 'end') {
        ending = step.value;
        break;
      }
      yield step.value;
    }
  } catch (error) {
    finished = true;
    ending = signal.aborted
      ? { type: 'end', stopReason: 'aborted' }
      : { type: 'end', stopReason: 'error', error: classify(error, state) };
  } finally {
    signal.removeEventListener('abort', onAbort);
    if (iterator && !finished) iterator.return(undefined).catch(() => undefined);
  }
  yield ending;
}

function stop(): EndEvent {
  return { type: 'end', stopReason: 'stop' };
}
