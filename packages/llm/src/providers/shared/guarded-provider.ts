import type { Provider, ProviderError, ProviderRequest } from '../../provider';
import { guardStream, type StreamBody, type StreamState } from './guard-stream';

/** A stream body for one request: `guardStream`'s body, given the request and its signal. */
export type RequestBody = (
  state: StreamState,
  request: ProviderRequest,
  signal: AbortSignal,
) => ReturnType<StreamBody>;

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
      guardStream(signal, (state) => body(state, request, signal), classify),
  };
}
