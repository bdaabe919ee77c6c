import type { CallApproval } from '@agent/tools';
/** How a tool call ended, as remembered in turn memory. */
export type ToolStatus = 'pending' | 'ok' | 'error' | 'denied' | 'skipped' | 'interrupted';

/**
 * Historical tool activity: what an assistant turn remembers of one tool call.
 * `output` lives in memory only (kept after the loop only when tool history is `full`);
 * `retainedOutput` is durable, for tools that declare `retainsOutput` (ask_user).
 */
export interface ToolActivity {
  /** The provider's call id; every id gets exactly one result in the next request. */
  id: string;
  name: string;
  /**
   * The input as the model sent it, parsed. Bounded per field in turn memory unless the tool
   * retains its output. When the arguments were not valid JSON, the raw text as a string.
   */
  input: unknown;
  /**
   * The model's exact argument text, sent back to it in later requests of this session; absent
   * when memory shortened the input, and in sessions read back from a file.
   */
  arguments?: string;
  status: ToolStatus;
  /** One-line status, the fallback result text once raw output is gone. */
  summary: string;
  /** Raw output: memory only, never persisted. */
  output?: string;
  /** Exact output kept durably (sessions, resume, every later request). */
  retainedOutput?: string;
  /**
   * Facts a retaining tool keeps beside its output for UIs and sessions, never sent to the model
   * (ask_user: which answers were typed rather than picked). JSON data.
   */
  retainedDetails?: unknown;
  /** How the call's approval went (who allowed or denied it, and how); absent when none was needed. */
  approval?: CallApproval;
  /** The front end the person answered this call's own card on (a questionnaire, a plan). */
  answeredOn?: string;
}

export interface Usage {
  inputTokens: number;
  outputTokens: number;
  cachedTokens?: number;
}

export interface UserMessage {
  role: 'user';
  text: string;
  /** Images the person attached, after the text, in order (absent: none). */
  images?: ImagePart[];
  /** The person corrected an earlier retained call's result with this message (`/amend`). */
  amends?: Amendment;
}

/**
 * A correction of a retained call's result (`/amend`): the call's own result stays as it was;
 * `output` is the corrected result, which the decision ledger shows after it.
 */
export interface Amendment {
  callId: string;
  output: string;
}

/** One model response with its tool calls and what is remembered of them (turn memory). */
export interface AssistantMessage {
  role: 'assistant';
  text: string;
  toolCalls: ToolActivity[];
  usage?: Usage;
  /** Which provider and model produced it (informational; any adapter can continue it). */
  provider?: string;
  model?: string;
}

/**
 * A retained call kept verbatim beside a checkpoint's summary (the decision ledger): every
 * answered questionnaire's exact input and result survive compaction.
 */
export interface RetainedCall {
  id: string;
  name: string;
  input: unknown;
  status: ToolStatus;
  output: string;
  details?: unknown;
  /** The person's latest correction of `output` (`/amend`), when there is one. */
  amended?: string;
}

/** A compaction checkpoint: a summary that replaces all history before it. */
export interface CheckpointMessage {
  role: 'checkpoint';
  summary: string;
  /** The retained calls of the history it replaces, exact, in order (absent: none). */
  decisions?: RetainedCall[];
}

export type Message = UserMessage | AssistantMessage | CheckpointMessage;

/** The image types every provider family accepts, detected by their magic bytes. */
export type ImageMediaType = 'image/png' | 'image/jpeg' | 'image/gif' | 'image/webp';

/** What a session remembers of an attached image: the bytes are stored by hash, never inline. */
export interface ImageRef {
  /** sha256 of the bytes, hex: where the store keeps them. */
  sha256: string;
  mediaType: ImageMediaType;
  /** The file name it was attached as (no folders), for the transcript. */
  name: string;
  /** Bytes. */
  size: number;
}

/**
 * An image of a user message. `data` (base64) is absent when the stored copy could not be read
 * back: adapters then send a text note in its place.
 */
export interface ImagePart extends ImageRef {
  data?: string;
}

/** Separates a prompt from the files the person attached to it (`@path`), which follow it. */
export const ATTACHED_FILES_SEPARATOR = '\n\nFiles the person attached:\n';
