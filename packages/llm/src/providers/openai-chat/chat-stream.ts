import type { ChatCompletionChunk } from 'openai/resources/chat/completions';
import type { StopReason, StreamEvent } from '../../provider';
import { streamCutError, ToolCallAssembler, type EndEvent } from '../shared';

/**
 * Reads a raw Chat Completions chunk stream into neutral events: text as it arrives, tool calls
 * assembled by index (or id, for servers that omit it) and completed at the finish chunk, usage from the final chunk. A stream
 * that stops before any finish_reason ends `stream_cut` and its partial calls are dropped.
 */
export async function* readChatStream(
  chunks: AsyncIterable<ChatCompletionChunk>,
): AsyncGenerator<StreamEvent, EndEvent> {
  const calls = new ToolCallAssembler();
  let finish: string | undefined;
  let sawCalls = false;
  let lastKey: string | number = 0;
  try {
    for await (const chunk of chunks) {
      if (chunk.usage) {
        yield {
          type: 'usage',
          usage: {
            inputTokens: chunk.usage.prompt_tokens ?? 0,
            outputTokens: chunk.usage.completion_tokens ?? 0,
            cachedTokens: chunk.usage.prompt_tokens_details?.cached_tokens ?? 0,
          },
        };
      }
      const choice = chunk.choices?.[0];
      if (!choice) continue;
      const delta = choice.delta;
      if (delta?.content) yield { type: 'text_delta', text: delta.content };
      for (const part of delta?.tool_calls ?? []) {
        const key: string | number = part.index ?? (part.id ? `id:${part.id}` : lastKey);
        lastKey = key;
        if (!calls.isOpen(key)) {
          sawCalls = true;
          yield calls.start(key, part.id, part.function?.name ?? '');
        } else if (part.function?.name) {
          calls.rename(key, part.function.name);
        }
        const argumentsDelta = calls.append(key, part.function?.arguments ?? '');
        if (argumentsDelta) yield argumentsDelta;
      }
      if (choice.finish_reason && finish === undefined) {
        finish = choice.finish_reason;
        yield* calls.finishAll();
      }
    }
  } catch (error) {
    if (finish === undefined) throw error;
  }
  if (finish === undefined) {
    calls.discard();
    return { type: 'end', stopReason: 'error', error: streamCutError('no finish_reason arrived') };
  }
  if (finish === 'content_filter') {
    return {
      type: 'end',
      stopReason: 'error',
      error: { kind: 'other', message: "the provider's content filter stopped the response" },
    };
  }
  return { type: 'end', stopReason: stopReasonOf(finish, sawCalls) };
}

function stopReasonOf(finish: string, sawCalls: boolean): StopReason {
  if (finish === 'length') return 'length';
  if (finish === 'tool_calls' || finish === 'function_call' || sawCalls) return 'tool_use';
  return 'stop';
}
