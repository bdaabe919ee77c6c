import type { ResponseStreamEvent, ResponseUsage } from 'openai/resources/responses/responses';
import type { StreamEvent } from '../../provider';
import {
  classifyError,
  streamCutError,
  ToolCallAssembler,
  type EndEvent,
  type ErrorContext,
} from '../shared';

/**
 * Reads a Responses event stream into neutral events: output text deltas, function calls keyed
 * by item id (completed at `output_item.done` with the full arguments), usage and the ending
 * from `response.completed` / `incomplete` / `failed`. No terminal event means a cut stream.
 */
export async function* readResponsesStream(
  events: AsyncIterable<ResponseStreamEvent>,
  context: ErrorContext,
): AsyncGenerator<StreamEvent, EndEvent> {
  const calls = new ToolCallAssembler();
  let sawCalls = false;
  for await (const event of events) {
    switch (event.type) {
      case 'response.output_text.delta':
      case 'response.refusal.delta':
        if (event.delta) yield { type: 'text_delta', text: event.delta };
        break;
      case 'response.output_item.added':
        if (event.item.type === 'function_call') {
          sawCalls = true;
          yield calls.start(
            event.item.id ?? event.item.call_id,
            event.item.call_id,
            event.item.name,
          );
          const initial = calls.append(
            event.item.id ?? event.item.call_id,
            event.item.arguments ?? '',
          );
          if (initial) yield initial;
        }
        break;
      case 'response.function_call_arguments.delta': {
        const delta = calls.append(event.item_id, event.delta);
        if (delta) yield delta;
        break;
      }
      case 'response.output_item.done':
        if (event.item.type === 'function_call') {
          const end = calls.finish(event.item.id ?? event.item.call_id, event.item.arguments);
          if (end) yield end;
        }
        break;
      case 'response.completed':
      case 'response.incomplete': {
        if (event.response.usage) yield usageEvent(event.response.usage);
        calls.discard();
        if (event.type === 'response.incomplete') {
          const reason = event.response.incomplete_details?.reason;
          if (reason === 'content_filter') {
            return failure("the provider's content filter stopped the response");
          }
          return { type: 'end', stopReason: 'length' };
        }
        return { type: 'end', stopReason: sawCalls ? 'tool_use' : 'stop' };
      }
      case 'response.failed': {
        if (event.response.usage) yield usageEvent(event.response.usage);
        const error = event.response.error;
        return {
          type: 'end',
          stopReason: 'error',
          error: classifyError(
            Object.assign(new Error(error?.message ?? 'the response failed'), {
              code: error?.code,
            }),
            context,
          ),
        };
      }
      default:
        break;
    }
  }
  calls.discard();
  return {
    type: 'end',
    stopReason: 'error',
    error: streamCutError('no response.completed arrived'),
  };
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
