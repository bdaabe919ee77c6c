import type { Provider, ProviderError, ProviderRequest } from '../../provider';
import { eventBody, guardStream, type EventBody, type StreamState } from './guard-stream';

/** A stream body for one request (an async generator of neutral events), given its signal. */
export type RequestBody = (
  state: StreamState,
  request: ProviderRequest,
  signal: AbortSignal,
) => EventBody;

/** A Provider whose every stream runs `body` under `guardStream`, errors through `classify`. */
export function guardedProvider(
  id: string,
  model: string,
  body: RequestBody,
  classify: (error: unknown, state: StreamState) => ProviderError,
): Provider {
  return {
    id,
    model,
    stream: (request, signal) =>
      guardStream(signal, (state) => eventBody(body(state, request, signal)), classify),
  };
}
