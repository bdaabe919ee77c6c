import { contentParts, decodeBase64, UNDECODABLE, type WireImage } from './wire-images';
import { EventStreamCodec } from '@smithy/eventstream-codec';
import { fromUtf8, toUtf8 } from '@smithy/util-utf8';
import { startFakeServer, type FakeServer, type WireProtocol } from '../fake-server';
import {
  argumentsText,
  splitIntoFragments,
  textChunks,
  type RecordedRequest,
  type ScriptedTurn,
} from '../script';

const codec = new EventStreamCodec(toUtf8, fromUtf8);

const ERROR_TYPES: Record<number, string> = {
  400: 'ValidationException',
  401: 'UnrecognizedClientException',
  403: 'AccessDeniedException',
  404: 'ResourceNotFoundException',
  408: 'ModelTimeoutException',
  424: 'ModelErrorException',
  429: 'ThrottlingException',
  500: 'InternalServerException',
  503: 'ServiceUnavailableException',
};

function frame(headers: Record<string, string>, body: unknown): Uint8Array {
  const typed: Record<string, { type: 'string'; value: string }> = {};
  for (const [name, value] of Object.entries(headers)) typed[name] = { type: 'string', value };
  return codec.encode({ headers: typed, body: fromUtf8(JSON.stringify(body)) });
}

/** One `:message-type: event` frame of a ConverseStream response. */
export function bedrockEventFrame(eventType: string, body: unknown): Uint8Array {
  return frame(
    {
      ':event-type': eventType,
      ':message-type': 'event',
      ':content-type': 'application/json',
    },
    body,
  );
}

/** A mid-stream exception frame, e.g. `throttlingException` (the SDK raises ThrottlingException). */
export function bedrockExceptionFrame(
  exceptionType = 'throttlingException',
  message = 'Too many tokens, please wait before trying again.',
): Uint8Array {
  return frame(
    {
      ':exception-type': exceptionType,
      ':message-type': 'exception',
      ':content-type': 'application/json',
    },
    { message },
  );
}

const STOP_REASONS = { stop: 'end_turn', tool_use: 'tool_use', length: 'max_tokens' } as const;

/** The binary frames of one turn, as ConverseStream sends them. */
export function bedrockFrames(turn: ScriptedTurn): Uint8Array[] {
  const calls = turn.toolCalls ?? [];
  const usage = turn.usage ?? { inputTokens: 10, outputTokens: 5 };
  const frames: Uint8Array[] = [bedrockEventFrame('messageStart', { role: 'assistant' })];
  let index = 0;
  const text = textChunks(turn.text);
  if (text.length > 0) {
    for (const chunk of text) {
      frames.push(
        bedrockEventFrame('contentBlockDelta', {
          contentBlockIndex: index,
          delta: { text: chunk },
        }),
      );
    }
    frames.push(bedrockEventFrame('contentBlockStop', { contentBlockIndex: index }));
    index++;
  }
  calls.forEach((call, n) => {
    frames.push(
      bedrockEventFrame('contentBlockStart', {
        contentBlockIndex: index,
        start: { toolUse: { toolUseId: call.id ?? `tooluse_fake${n}`, name: call.name } },
      }),
    );
    for (const fragment of splitIntoFragments(argumentsText(call), turn.argumentFragments ?? 4)) {
      frames.push(
        bedrockEventFrame('contentBlockDelta', {
          contentBlockIndex: index,
          delta: { toolUse: { input: fragment } },
        }),
      );
    }
    frames.push(bedrockEventFrame('contentBlockStop', { contentBlockIndex: index }));
    index++;
  });
  const stop = turn.stopReason ?? (calls.length > 0 ? 'tool_use' : 'stop');
  frames.push(
    bedrockEventFrame('messageStop', { stopReason: STOP_REASONS[stop] }),
    bedrockEventFrame('metadata', {
      usage: {
        inputTokens: usage.inputTokens,
        outputTokens: usage.outputTokens,
        totalTokens: usage.inputTokens + usage.outputTokens,
        ...(usage.cachedTokens !== undefined ? { cacheReadInputTokens: usage.cachedTokens } : {}),
      },
      metrics: { latencyMs: 12 },
    }),
  );
  return frames;
}

/** Bedrock ConverseStream (`POST /model/<id>/converse-stream`, binary event stream). */
export const bedrockProtocol: WireProtocol = {
  /** `{image:{format, source:{bytes}}}` blocks (the JSON body carries the bytes as base64). */
  images: (body) =>
    contentParts(body.messages)
      .filter((block) => block.image !== undefined)
      .map((block): WireImage => {
        const bytes = decodeBase64(block.image?.source?.bytes);
        return bytes ? { mediaType: `image/${String(block.image.format)}`, bytes } : UNDECODABLE;
      }),
  handles: (method, path) => method === 'POST' && /^\/model\/[^/]+\/converse-stream$/.test(path),
  contentType: 'application/vnd.amazon.eventstream',
  encode: (turn: ScriptedTurn, _request: RecordedRequest) => bedrockFrames(turn),
  errorBody: (status, message) =>
    JSON.stringify({ __type: ERROR_TYPES[status] ?? 'InternalServerException', message }),
};

/** A loopback Bedrock runtime; pass its `url` as the client's `endpoint`. */
export function startBedrockServer(script: ScriptedTurn[]): Promise<FakeServer> {
  return startFakeServer(bedrockProtocol, script);
}
