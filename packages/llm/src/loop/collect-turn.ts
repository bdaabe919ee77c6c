import type {
  Provider,
  ProviderError,
  ProviderRequest,
  StopReason,
  StreamEvent,
} from '../provider';
import type { Usage } from '../messages';
import { abortRace, errorMessage } from './abortable';

/** A complete tool call as the model sent it; `arguments` is the raw, possibly malformed, JSON text. */
export interface RawToolCall {
  id: string;
  name: string;
  arguments: string;
}

/** One model response gathered from a provider stream. Only calls whose end arrived are kept. */
export interface CollectedTurn {
  text: string;
  calls: RawToolCall[];
  usage?: Usage;
  stopReason: StopReason;
  error?: ProviderError;
}

/**
 * The most text and tool-call arguments one model response may carry (UTF-16 code units), far
 * beyond any real answer: an endless stream is stopped here instead of filling memory and the
 * session file.
 */
export const MAX_RESPONSE_CHARS = 8 * 1024 * 1024;

export interface CollectCallbacks {
  onText(text: string): void;
  onUsage(usage: Usage): void;
  onRetry?(retry: Extract<StreamEvent, { type: 'retry' }>): void;
}

/**
 * Reads one provider stream to its end. Never throws: a throwing or truncated stream becomes an
 * `error` stop, an abort (even of a provider that ignores its signal) an `aborted` stop.
 */
export async function collectTurn(
  provider: Provider,
  request: ProviderRequest,
  signal: AbortSignal,
  callbacks: CollectCallbacks,
): Promise<CollectedTurn> {
  let text = '';
  const order: string[] = [];
  const complete = new Map<string, RawToolCall>();
  let usage: Usage | undefined;
  const finish = (stopReason: StopReason, error?: ProviderError): CollectedTurn => ({
    text,
    calls: order.flatMap((id) => complete.get(id) ?? []),
    usage,
    stopReason,
    error,
  });

  let received = 0;
  const overflow = new AbortController();
  const waits = abortRace(signal);
  try {
    const stream = provider.stream(request, AbortSignal.any([signal, overflow.signal]));
    const iterator: AsyncIterator<StreamEvent> = stream[Symbol.asyncIterator]();
    for (;;) {
      const next = await waits.race(iterator.next());
      if (next.kind === 'aborted') {
        void Promise.resolve(iterator.return?.()).catch(() => undefined);
        return finish('aborted');
      }
      if (next.kind === 'error') throw next.error;
      if (next.value.done) break;
      const event = next.value.value as StreamEvent;
      received += event.type === 'text_delta' ? event.text.length : 0;
      received += event.type === 'tool_call_delta' ? event.argumentsDelta.length : 0;
      if (received > MAX_RESPONSE_CHARS) {
        overflow.abort(new Error('response too long'));
        void Promise.resolve(iterator.return?.()).catch(() => undefined);
        return finish('error', {
          kind: 'other',
          message: `The model's response passed ${MAX_RESPONSE_CHARS / (1024 * 1024)} MiB of text and was stopped (an endless or runaway stream).`,
        });
      }
      switch (event.type) {
        case 'text_delta':
          if (event.text) {
            text += event.text;
            callbacks.onText(event.text);
          }
          break;
        case 'tool_call_start':
          if (!order.includes(event.id)) order.push(event.id);
          break;
        case 'tool_call_delta':
          break;
        case 'tool_call_end':
          if (!order.includes(event.id)) order.push(event.id);
          complete.set(event.id, { id: event.id, name: event.name, arguments: event.arguments });
          break;
        case 'retry':
          callbacks.onRetry?.(event);
          break;
        case 'usage':
          usage = mergeUsage(usage, event.usage);
          callbacks.onUsage(event.usage);
          break;
        case 'end':
          if (signal.aborted) return finish('aborted');
          return finish(event.stopReason, event.error);
      }
    }
  } catch (error) {
    if (signal.aborted) return finish('aborted');
    return finish('error', {
      kind: 'other',
      message: `The provider failed: ${errorMessage(error)}`,
    });
  } finally {
    waits.dispose();
  }
  if (signal.aborted) return finish('aborted');
  return finish('error', {
    kind: 'stream_cut',
    message: 'The provider stream ended before the response was complete.',
  });
}

function mergeUsage(previous: Usage | undefined, next: Usage): Usage {
  if (!previous) return { ...next };
  const merged: Usage = {
    inputTokens: Math.max(previous.inputTokens, next.inputTokens),
    outputTokens: Math.max(previous.outputTokens, next.outputTokens),
  };
  const cached = Math.max(previous.cachedTokens ?? 0, next.cachedTokens ?? 0);
  if (cached > 0) merged.cachedTokens = cached;
  return merged;
}
