import { contentParts, decodeBase64, UNDECODABLE, type WireImage } from './wire-images';
import { FAKE_MODELS, startFakeServer, type FakeServer, type WireProtocol } from '../fake-server';
import {
  argumentsText,
  splitIntoFragments,
  textChunks,
  type RecordedRequest,
  type ScriptedTurn,
} from '../script';

const ERROR_TYPES: Record<number, string> = {
  400: 'invalid_request_error',
  401: 'authentication_error',
  403: 'permission_error',
  404: 'not_found_error',
  413: 'request_too_large',
  429: 'rate_limit_error',
  500: 'api_error',
  529: 'overloaded_error',
};

function sse(event: string, data: unknown): string {
  return `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}

const STOP_REASONS = { stop: 'end_turn', tool_use: 'tool_use', length: 'max_tokens' } as const;

/** The raw wire events of one turn, as the Messages API streams them. */
export function anthropicEvents(turn: ScriptedTurn, turnIndex: number): string[] {
  const calls = turn.toolCalls ?? [];
  const usage = turn.usage ?? { inputTokens: 10, outputTokens: 5 };
  const events: string[] = [
    sse('message_start', {
      type: 'message_start',
      message: {
        id: `msg_fake_${turnIndex}`,
        type: 'message',
        role: 'assistant',
        model: 'claude-fake',
        content: [],
        stop_reason: null,
        stop_sequence: null,
        usage: {
          input_tokens: usage.inputTokens,
          output_tokens: 1,
          cache_creation_input_tokens: 0,
          cache_read_input_tokens: usage.cachedTokens ?? 0,
        },
      },
    }),
    sse('ping', { type: 'ping' }),
  ];
  let index = 0;
  const text = textChunks(turn.text);
  if (text.length > 0) {
    events.push(
      sse('content_block_start', {
        type: 'content_block_start',
        index,
        content_block: { type: 'text', text: '' },
      }),
    );
    for (const chunk of text) {
      events.push(
        sse('content_block_delta', {
          type: 'content_block_delta',
          index,
          delta: { type: 'text_delta', text: chunk },
        }),
      );
    }
    events.push(sse('content_block_stop', { type: 'content_block_stop', index }));
    index++;
  }
  calls.forEach((call, n) => {
    events.push(
      sse('content_block_start', {
        type: 'content_block_start',
        index,
        content_block: {
          type: 'tool_use',
          id: call.id ?? `toolu_fake_${turnIndex}_${n}`,
          name: call.name,
          input: {},
        },
      }),
    );
    for (const fragment of splitIntoFragments(argumentsText(call), turn.argumentFragments ?? 4)) {
      events.push(
        sse('content_block_delta', {
          type: 'content_block_delta',
          index,
          delta: { type: 'input_json_delta', partial_json: fragment },
        }),
      );
    }
    events.push(sse('content_block_stop', { type: 'content_block_stop', index }));
    index++;
  });
  const stop = turn.stopReason ?? (calls.length > 0 ? 'tool_use' : 'stop');
  events.push(
    sse('message_delta', {
      type: 'message_delta',
      delta: { stop_reason: STOP_REASONS[stop], stop_sequence: null },
      usage: { output_tokens: usage.outputTokens },
    }),
    sse('message_stop', { type: 'message_stop' }),
  );
  return events;
}

/** An `event: error` frame as the Messages API sends mid-stream (e.g. overloaded). */
export function anthropicErrorEvent(type = 'overloaded_error', message = 'Overloaded'): string {
  return sse('error', { type: 'error', error: { type, message } });
}

/** Anthropic Messages streaming (`POST /v1/messages`, SSE with `event:` lines). */
export const anthropicProtocol: WireProtocol = {
  /** `{type:'image', source:{type:'base64', media_type, data}}` blocks. */
  images: (body) =>
    contentParts(body.messages)
      .filter((block) => block.type === 'image')
      .map((block): WireImage => {
        const bytes = block.source?.type === 'base64' ? decodeBase64(block.source.data) : undefined;
        return bytes ? { mediaType: String(block.source.media_type), bytes } : UNDECODABLE;
      }),
  modelsBody: (path) =>
    path.split('?')[0] === '/v1/models'
      ? JSON.stringify({
          data: FAKE_MODELS.map((id) => ({
            id,
            type: 'model',
            display_name: id,
            created_at: '2026-01-01T00:00:00Z',
          })),
          has_more: false,
          first_id: FAKE_MODELS[0],
          last_id: FAKE_MODELS.at(-1),
        })
      : undefined,
  handles: (method, path) => method === 'POST' && path.split('?')[0] === '/v1/messages',
  contentType: 'text/event-stream',
  encode: (turn: ScriptedTurn, _request: RecordedRequest, turnIndex: number) =>
    anthropicEvents(turn, turnIndex),
  errorBody: (status, message) =>
    JSON.stringify({
      type: 'error',
      error: { type: ERROR_TYPES[status] ?? 'api_error', message },
    }),
};

/** A loopback Messages API; pass its `url` as the SDK's `baseURL` (no `/v1`). */
export function startAnthropicServer(script: ScriptedTurn[]): Promise<FakeServer> {
  return startFakeServer(anthropicProtocol, script);
}
