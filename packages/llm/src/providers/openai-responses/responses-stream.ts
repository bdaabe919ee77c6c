import type { ResponseStreamEvent, ResponseUsage } from 'openai/resources/responses/responses';
import type { StreamEvent } from '../../provider';
import {
  classifyError,
  streamCutError,
  ToolCallAssembler,
  type EndEvent,
  type ErrorContext,
  type StreamReader,
} from '../shared';

/**
 * Reads Responses stream events into neutral events: output text deltas, function calls keyed
 * by item id (completed at `output_item.done` with the full arguments), usage and the ending
 * from `response.completed` / `incomplete` / `failed` / `error`. No terminal event means a cut
 * stream.
 */
export class ResponsesEventReader implements StreamReader<ResponseStreamEvent> {
  private readonly calls = new ToolCallAssembler();
  private sawCalls = false;
  private ending: EndEvent | undefined;

  constructor(private readonly context: ErrorContext) {}

  push(event: ResponseStreamEvent): StreamEvent[] {
    if (this.ending) return [];
    switch (event.type) {
      case 'response.output_text.delta':
      case 'response.refusal.delta':
        return event.delta ? [{ type: 'text_delta', text: event.delta }] : [];
      case 'response.output_item.added': {
        if (event.item.type !== 'function_call') return [];
        this.sawCalls = true;
        const key = event.item.id ?? event.item.call_id;
        const events = [this.calls.start(key, event.item.call_id, event.item.name)];
        const initial = this.calls.append(key, event.item.arguments ?? '');
        if (initial) events.push(initial);
        return events;
      }
      case 'response.function_call_arguments.delta': {
        const delta = this.calls.append(event.item_id, event.delta);
        return delta ? [delta] : [];
      }
      case 'response.output_item.done': {
        if (event.item.type !== 'function_call') return [];
        const end = this.calls.finish(event.item.id ?? event.item.call_id, event.item.arguments);
        return end ? [end] : [];
      }
      case 'response.completed':
      case 'response.incomplete':
      case 'response.failed':
        return this.terminal(event);
      case 'error':
        this.calls.discard();
        this.ending = this.failed(event.code, event.message);
        return [];
      default:
        return [];
    }
  }

  finish(): { events: StreamEvent[]; end: EndEvent } {
    this.calls.discard();
    return {
      events: [],
      end: this.ending ?? {
        type: 'end',
        stopReason: 'error',
        error: streamCutError('no response.completed arrived'),
      },
    };
  }

  isComplete(): boolean {
    return this.ending !== undefined;
  }

  fail(_error: unknown): { events: StreamEvent[]; end?: EndEvent } {
    return this.ending ? { events: [], end: this.ending } : { events: [] };
  }

  private terminal(
    event: Extract<
      ResponseStreamEvent,
      { type: 'response.completed' | 'response.incomplete' | 'response.failed' }
    >,
  ): StreamEvent[] {
    this.calls.discard();
    const events: StreamEvent[] = event.response.usage ? [usageEvent(event.response.usage)] : [];
    if (event.type === 'response.completed') {
      this.ending = { type: 'end', stopReason: this.sawCalls ? 'tool_use' : 'stop' };
    } else if (event.type === 'response.incomplete') {
      this.ending =
        event.response.incomplete_details?.reason === 'content_filter'
          ? failure("the provider's content filter stopped the response")
          : { type: 'end', stopReason: 'length' };
    } else {
      this.ending = this.failed(event.response.error?.code, event.response.error?.message);
    }
    return events;
  }

  private failed(code: string | null | undefined, message: string | undefined): EndEvent {
    const cause = Object.assign(new Error(message || 'the response failed'), { code });
    return { type: 'end', stopReason: 'error', error: classifyError(cause, this.context) };
  }
}

function usageEvent(usage: ResponseUsage): StreamEvent {
  return {
    type: 'usage',
    usage: {
      inputTokens: usage.input_tokens ?? 0,
      outputTokens: usage.output_tokens ?? 0,
      cachedTokens: usage.input_tokens_details?.cached_tokens ?? 0,
    },
  };
}

function failure(message: string): EndEvent {
  return { type: 'end', stopReason: 'error', error: { kind: 'other', message } };
}
