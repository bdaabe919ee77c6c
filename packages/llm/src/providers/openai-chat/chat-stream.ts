import type { ChatCompletionChunk } from 'openai/resources/chat/completions';
import type { StopReason, StreamEvent } from '../../provider';
import { streamCutError, ToolCallAssembler, type EndEvent, type StreamReader } from '../shared';

/**
 * Reads raw Chat Completions chunks into neutral events: text as it arrives, tool calls
 * assembled by index (or id, for servers that omit it) and completed at the finish chunk, usage
 * from the final chunk. A stream that stops before any finish_reason ends `stream_cut` and its
 * partial calls are dropped; a failure after the finish chunk (a lost usage chunk) is ignored.
 */
export class ChatChunkReader implements StreamReader<ChatCompletionChunk> {
  private readonly calls = new ToolCallAssembler();
  private finishReason: string | undefined;
  private sawCalls = false;
  private lastKey: string | number = 0;

  push(chunk: ChatCompletionChunk): StreamEvent[] {
    const events: StreamEvent[] = [];
    if (chunk.usage) {
      events.push({
        type: 'usage',
        usage: {
          inputTokens: chunk.usage.prompt_tokens ?? 0,
          outputTokens: chunk.usage.completion_tokens ?? 0,
          cachedTokens: chunk.usage.prompt_tokens_details?.cached_tokens ?? 0,
        },
      });
    }
    const choice = chunk.choices?.[0];
    if (!choice) return events;
    const delta = choice.delta;
    if (delta?.content) events.push({ type: 'text_delta', text: delta.content });
    if (delta?.tool_calls) {
      for (const part of delta.tool_calls) this.toolCallPart(part, events);
    }
    if (choice.finish_reason && this.finishReason === undefined) {
      this.finishReason = choice.finish_reason;
      events.push(...this.calls.finishAll());
    }
    return events;
  }

  finish(): { events: StreamEvent[]; end: EndEvent } {
    return { events: [], end: this.ending() };
  }

  fail(_error: unknown): { events: StreamEvent[]; end?: EndEvent } {
    return this.finishReason === undefined ? { events: [] } : { events: [], end: this.ending() };
  }

  private toolCallPart(
    part: ChatCompletionChunk.Choice.Delta.ToolCall,
    events: StreamEvent[],
  ): void {
    const key: string | number = part.index ?? (part.id ? `id:${part.id}` : this.lastKey);
    this.lastKey = key;
    if (!this.calls.isOpen(key)) {
      this.sawCalls = true;
      events.push(this.calls.start(key, part.id, part.function?.name ?? ''));
    } else if (part.function?.name) {
      this.calls.rename(key, part.function.name);
    }
    const argumentsDelta = this.calls.append(key, part.function?.arguments ?? '');
    if (argumentsDelta) events.push(argumentsDelta);
  }

  private ending(): EndEvent {
    const finish = this.finishReason;
    if (finish === undefined) {
      this.calls.discard();
      return {
        type: 'end',
        stopReason: 'error',
        error: streamCutError('no finish_reason arrived'),
      };
    }
    if (finish === 'content_filter') {
      return {
        type: 'end',
        stopReason: 'error',
        error: { kind: 'other', message: "the provider's content filter stopped the response" },
      };
    }
    return { type: 'end', stopReason: stopReasonOf(finish, this.sawCalls) };
  }
}

function stopReasonOf(finish: string, sawCalls: boolean): StopReason {
  if (finish === 'length') return 'length';
  if (finish === 'tool_calls' || finish === 'function_call' || sawCalls) return 'tool_use';
  return 'stop';
}
