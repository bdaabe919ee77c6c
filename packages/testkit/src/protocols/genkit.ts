import { contentParts, decodeBase64, UNDECODABLE, type WireImage } from './wire-images';
import { startFakeServer, type FakeServer, type WireProtocol } from '../fake-server';
import {
  splitIntoFragments,
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

interface Leaf {
  jsonPath: string;
  value: unknown;
}

/** Scalar leaves of an argument object in order, or undefined if it holds an empty container. */
function leaves(value: unknown, path: string): Leaf[] | undefined {
  if (Array.isArray(value)) {
    if (value.length === 0) return undefined;
    const parts = value.map((v, i) => leaves(v, `${path}[${i}]`));
    return parts.some((p) => !p) ? undefined : (parts.flat() as Leaf[]);
  }
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value);
    if (entries.length === 0) return undefined;
    const parts = entries.map(([k, v]) =>
      leaves(
        v,
        /^[A-Za-z_][A-Za-z0-9_]*$/.test(k) ? `${path}.${k}` : `${path}[${JSON.stringify(k)}]`,
      ),
    );
    return parts.some((p) => !p) ? undefined : (parts.flat() as Leaf[]);
  }
  return [{ jsonPath: path, value }];
}

function partialArg(jsonPath: string, value: unknown): Record<string, unknown> {
  if (typeof value === 'string') return { jsonPath, stringValue: value };
  if (typeof value === 'number') return { jsonPath, numberValue: value };
  if (typeof value === 'boolean') return { jsonPath, boolValue: value };
  return { jsonPath, nullValue: 'NULL_VALUE' };
}

/**
 * A call streamed the way Gemini streams function-call arguments (`partialArgs` with
 * `willContinue`): string values split into `fragments` pieces, then a closing part.
 */
function streamedCallParts(call: ScriptedToolCall, fragments: number): Record<string, unknown>[] {
  const whole = functionCallPart(call);
  const fn = whole.functionCall as { name: string; args: unknown; id?: string };
  const list = leaves(fn.args, '$');
  if (!list) return [whole];
  const head = { name: fn.name, ...(fn.id ? { id: fn.id } : {}) };
  const parts: Record<string, unknown>[] = [];
  for (const leaf of list) {
    const pieces =
      typeof leaf.value === 'string' ? splitIntoFragments(leaf.value, fragments) : [leaf.value];
    for (const piece of pieces) {
      parts.push({
        functionCall: {
          ...head,
          partialArgs: [partialArg(leaf.jsonPath, piece)],
          willContinue: true,
        },
      });
    }
  }
  parts.push({ functionCall: { ...head, willContinue: false } });
  return parts;
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

/**
 * The `streamGenerateContent?alt=sse` chunks of one turn (data-only lines, one JSON each). Calls
 * arrive whole, or with `argumentFragments` set, streamed through `partialArgs`.
 */
export function geminiStreamChunks(turn: ScriptedTurn): string[] {
  const data = (value: unknown) => `data: ${JSON.stringify(value)}\r\n\r\n`;
  const chunks = textChunks(turn.text).map((text) => data({ candidates: [candidate([{ text }])] }));
  const calls = turn.toolCalls ?? [];
  for (const call of calls) {
    const parts =
      turn.argumentFragments !== undefined
        ? streamedCallParts(call, turn.argumentFragments)
        : [functionCallPart(call)];
    for (const part of parts) chunks.push(data({ candidates: [candidate([part])] }));
  }
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
  /** Gemini `{inlineData:{mimeType, data}}` parts of `contents`. */
  images: (body) =>
    contentParts(body.contents, 'parts')
      .filter((part) => part.inlineData !== undefined)
      .map((part): WireImage => {
        const bytes = decodeBase64(part.inlineData?.data);
        return bytes ? { mediaType: String(part.inlineData.mimeType), bytes } : UNDECODABLE;
      }),
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
