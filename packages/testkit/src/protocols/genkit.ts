import { startFakeServer, type FakeServer, type WireProtocol } from '../fake-server';
import {
  textChunks,
  type RecordedRequest,
  type ScriptedToolCall,
  type ScriptedTurn,
} from '../script';

const STATUS_NAMES: Record<number, string> = {
  400: 'INVALID_ARGUMENT',
  401: 'UNAUTHENTICATED',
  403: 'PERMISSION_DENIED',
  404: 'NOT_FOUND',
  429: 'RESOURCE_EXHAUSTED',
  500: 'INTERNAL',
  503: 'UNAVAILABLE',
  504: 'DEADLINE_EXCEEDED',
};

const FINISH_REASONS = { stop: 'STOP', tool_use: 'STOP', length: 'MAX_TOKENS' } as const;

/**
 * Gemini sends function-call arguments as a JSON object, so a scripted string is parsed; text
 * that is not JSON is sent as `{"_raw": text}` (the wire cannot carry malformed arguments).
 */
function functionCallPart(call: ScriptedToolCall): Record<string, unknown> {
  let args: unknown = call.arguments;
  if (typeof args === 'string') {
    try {
      args = JSON.parse(args);
    } catch {
      args = { _raw: args };
    }
  }
  return { functionCall: { name: call.name, args, ...(call.id ? { id: call.id } : {}) } };
}

function usageMetadata(turn: ScriptedTurn): Record<string, number> {
  const usage = turn.usage ?? { inputTokens: 10, outputTokens: 5 };
  return {
    promptTokenCount: usage.inputTokens,
    candidatesTokenCount: usage.outputTokens,
    totalTokenCount: usage.inputTokens + usage.outputTokens,
    ...(usage.cachedTokens !== undefined ? { cachedContentTokenCount: usage.cachedTokens } : {}),
  };
}

function candidate(parts: unknown[], finishReason?: string): Record<string, unknown> {
  return { content: { role: 'model', parts }, index: 0, ...(finishReason ? { finishReason } : {}) };
}

/** The `streamGenerateContent?alt=sse` chunks of one turn (data-only lines, one JSON each). */
export function geminiStreamChunks(turn: ScriptedTurn): string[] {
  const data = (value: unknown) => `data: ${JSON.stringify(value)}\r\n\r\n`;
  const chunks = textChunks(turn.text).map((text) => data({ candidates: [candidate([{ text }])] }));
  const calls = turn.toolCalls ?? [];
  for (const call of calls)
    chunks.push(data({ candidates: [candidate([functionCallPart(call)])] }));
  const finish = FINISH_REASONS[turn.stopReason ?? (calls.length > 0 ? 'tool_use' : 'stop')];
  chunks.push(
    data({
      candidates: [candidate([{ text: '' }], finish)],
      usageMetadata: usageMetadata(turn),
      modelVersion: 'gemini-fake',
    }),
  );
  return chunks;
}

/** The plain JSON body of a `:generateContent` response for one turn. */
export function geminiGenerateResponse(turn: ScriptedTurn): string {
  const calls = turn.toolCalls ?? [];
  const parts: unknown[] = [];
  const text = textChunks(turn.text).join('');
  if (text) parts.push({ text });
  for (const call of calls) parts.push(functionCallPart(call));
  const finish = FINISH_REASONS[turn.stopReason ?? (calls.length > 0 ? 'tool_use' : 'stop')];
  return JSON.stringify({
    candidates: [candidate(parts, finish)],
    usageMetadata: usageMetadata(turn),
    modelVersion: 'gemini-fake',
  });
}

/**
 * Gemini API as Genkit's googleAI plugin calls it: `:streamGenerateContent?alt=sse` (SSE) and
 * `:generateContent` (plain JSON). Errors use Google's `{error:{code, message, status}}` body.
 */
export const genkitProtocol: WireProtocol = {
  handles: (method, path) =>
    method === 'POST' &&
    /^\/v1beta\/models\/[^/:]+:(streamGenerateContent|generateContent)(\?|$)/.test(path),
  contentType: 'text/event-stream',
  encode: (turn: ScriptedTurn, request: RecordedRequest) =>
    request.path.includes(':streamGenerateContent')
      ? geminiStreamChunks(turn)
      : [geminiGenerateResponse(turn)],
  errorBody: (status, message) =>
    JSON.stringify({
      error: { code: status, message, status: STATUS_NAMES[status] ?? 'UNKNOWN' },
    }),
};

/** A loopback Gemini API; pass its `url` as the googleAI plugin's `baseUrl`. */
export function startGenkitServer(script: ScriptedTurn[]): Promise<FakeServer> {
  return startFakeServer(genkitProtocol, script);
}
