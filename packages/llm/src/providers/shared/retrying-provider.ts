import { sleep } from '../../loop/abortable';
import { formatWait } from '../../text/format-wait';
import type { Provider, ProviderError, ProviderRequest, StreamEvent } from '../../provider';

/** The longest wait before a retry: a server asking for more fails the turn instead. */
export const MAX_RETRY_WAIT_MS = 60_000;

/** The default number of retries of a rate limit or server failure. */
export const DEFAULT_MAX_RETRIES = 2;

/** Backoff when the server names no wait: 0.5 s, 1 s, 2 s ... at most 8 s. */
export function backoffMs(attempt: number): number {
  return Math.min(500 * 2 ** attempt, 8_000);
}

/**
 * Retries, visibly, a request that failed with a rate limit, a server error or a dropped
 * connection before any output:
 * each wait (the server's Retry-After, else a backoff) is announced with a `retry` event and
 * ends at once on abort. A server asking to wait longer than `maxWaitMs` ends the turn with an
 * error saying so instead of sleeping. The adapters' own SDK retries are turned off for this.
 */
export function retryingProvider(
  provider: Provider,
  maxRetries: number = DEFAULT_MAX_RETRIES,
  maxWaitMs: number = MAX_RETRY_WAIT_MS,
): Provider {
  return {
    id: provider.id,
    model: provider.model,
    stream: (request, signal) => retrying(provider, request, signal, maxRetries, maxWaitMs),
    ...(provider.listModels ? { listModels: (signal) => provider.listModels!(signal) } : {}),
  };
}

async function* retrying(
  provider: Provider,
  request: ProviderRequest,
  signal: AbortSignal,
  maxRetries: number,
  maxWaitMs: number,
): AsyncGenerator<StreamEvent> {
  for (let attempt = 0; ; attempt++) {
    let output = false;
    let failure: ProviderError | undefined;
    for await (const event of provider.stream(request, signal)) {
      if (event.type !== 'end') {
        output ||= event.type !== 'usage';
        yield event;
        continue;
      }
      const retryable =
        event.stopReason === 'error' &&
        !output &&
        (event.error?.kind === 'rate_limit' ||
          event.error?.kind === 'server' ||
          event.error?.connectionDropped === true);
      if (!retryable) {
        yield event;
        return;
      }
      failure = event.error!;
    }
    if (!failure) return;
    const asked = failure.retryAfterMs;
    if (asked !== undefined && asked > maxWaitMs) {
      yield { type: 'end', stopReason: 'error', error: tooLong(failure, asked, maxWaitMs) };
      return;
    }
    if (attempt >= maxRetries) {
      yield { type: 'end', stopReason: 'error', error: failure };
      return;
    }
    const waitMs = asked ?? backoffMs(attempt);
    yield { type: 'retry', attempt: attempt + 1, maxRetries, waitMs, reason: failure.message };
    await sleep(waitMs, signal);
    if (signal.aborted) {
      yield { type: 'end', stopReason: 'aborted' };
      return;
    }
  }
}

function tooLong(failure: ProviderError, askedMs: number, maxWaitMs: number): ProviderError {
  return {
    ...failure,
    message: `${failure.message}; the provider asked to wait ${formatWait(askedMs)} (Retry-After), longer than the ${formatWait(maxWaitMs)} the agent waits: try again later or choose another provider with the \`provider\` option`,
  };
}
