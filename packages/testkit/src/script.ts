import type { WireImage } from './protocols/wire-images';
/** A tool call the fake model makes. `arguments` as a string is sent verbatim (even if malformed). */
export interface ScriptedToolCall {
  id?: string;
  name: string;
  arguments: string | Record<string, unknown>;
}

/** Failure modes a fake server can play instead of (or before) a turn. */
export type Fault =
  /**
   * Send headers (and the first `afterEvents` events), then never finish; with `keepAliveMs`,
   * an SSE comment (`: keep-alive`) every that many milliseconds meanwhile (SSE protocols only).
   */
  | { kind: 'hang'; afterEvents?: number; keepAliveMs?: number }
  /** Send the first `afterEvents` wire events, then destroy the connection. */
  | { kind: 'cut'; afterEvents: number }
  /**
   * Answer `times` requests (default 1) with this HTTP status, then play the turn. `retryAfter`
   * is the Retry-After header sent with it (default `0`).
   */
  | { kind: 'status'; status: number; times?: number; message?: string; retryAfter?: string }
  /** Close the connection of `times` requests (default 1) without answering, then play the turn. */
  | { kind: 'drop'; times?: number };

/** One scripted model response, encoded by each fake in its provider's real wire format. */
export interface ScriptedTurn {
  /** Assistant text; an array gives the exact chunking, a string is split into a few chunks. */
  text?: string | string[];
  toolCalls?: ScriptedToolCall[];
  /** How many fragments each call's argument JSON is split into (default 4). */
  argumentFragments?: number;
  usage?: { inputTokens: number; outputTokens: number; cachedTokens?: number };
  /** Defaults to `tool_use` when there are tool calls, else `stop`. */
  stopReason?: 'stop' | 'tool_use' | 'length';
  fault?: Fault;
}

/** One request the fake received. */
export interface RecordedRequest {
  method: string;
  path: string;
  headers: Record<string, string | string[] | undefined>;
  /** Parsed JSON body (undefined when the body was not JSON). */
  body: any;
  rawBody: string;
  /** The image blocks of the body, decoded, in the protocol's order (see `WireProtocol.images`). */
  images: WireImage[];
}

/** Splits text into `parts` nearly equal pieces without breaking surrogate pairs. */
export function splitIntoFragments(text: string, parts: number): string[] {
  const chars = Array.from(text);
  if (chars.length === 0) return [''];
  const count = Math.max(1, Math.min(parts, chars.length));
  const size = Math.ceil(chars.length / count);
  const out: string[] = [];
  for (let i = 0; i < chars.length; i += size) out.push(chars.slice(i, i + size).join(''));
  return out;
}

export function textChunks(text: string | string[] | undefined): string[] {
  if (text === undefined) return [];
  if (Array.isArray(text)) return text;
  return splitIntoFragments(text, Math.min(4, Math.max(1, Math.ceil(text.length / 8))));
}

export function argumentsText(call: ScriptedToolCall): string {
  return typeof call.arguments === 'string' ? call.arguments : JSON.stringify(call.arguments);
}
