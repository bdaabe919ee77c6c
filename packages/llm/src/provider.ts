import type { ToolSpec } from '@agent/tools';
import type { Message, Usage } from './messages';

/**
 * Provider-neutral request, already prepared: `messages` come from the one history boundary
 * (`prepareMessages`, which `buildRequest` applies): from the last checkpoint on, every call closed
 * and paired, old results reduced. Adapters translate it into their own wire shape as it is.
 */
export interface ProviderRequest {
  system: string;
  messages: Message[];
  tools: ToolSpec[];
  maxOutputTokens?: number;
}

export type StopReason = 'stop' | 'tool_use' | 'length' | 'error' | 'aborted';

export type ProviderErrorKind =
  'auth' | 'rate_limit' | 'server' | 'network' | 'bad_request' | 'stream_cut' | 'other';

export interface ProviderError {
  kind: ProviderErrorKind;
  /** Actionable text for the person, e.g. which variable to set. */
  message: string;
  status?: number;
  /** The wait the server asked for before a retry (Retry-After), when it sent one. */
  retryAfterMs?: number;
  /**
   * The connection dropped before any response (a kept-alive socket the server had closed while
   * it sat idle): nothing reached the model, so sending the request again is safe.
   */
  connectionDropped?: boolean;
}

export type StreamEvent =
  | { type: 'text_delta'; text: string }
  | { type: 'tool_call_start'; id: string; name: string }
  | { type: 'tool_call_delta'; id: string; argumentsDelta: string }
  /** A complete call: `arguments` is the model's raw JSON text, possibly malformed. */
  | { type: 'tool_call_end'; id: string; name: string; arguments: string }
  | { type: 'usage'; usage: Usage }
  /**
   * The request failed before any output and is tried again after `waitMs` (a rate limit or a
   * server failure); `attempt` of `maxRetries`. Shown to the person, never part of the turn.
   */
  | { type: 'retry'; attempt: number; maxRetries: number; waitMs: number; reason: string }
  /** Always the last event. */
  | { type: 'end'; stopReason: StopReason; error?: ProviderError };

/**
 * A model endpoint. `stream` never throws and never hangs past an abort: every failure ends
 * the stream with an `end` event whose stopReason is `error` (with `error`) or `aborted`.
 * The request it gets is prepared (see `ProviderRequest`): an adapter only maps it to its wire,
 * rendering results and checkpoints with the history helpers, and holds no history policy.
 */
export interface Provider {
  readonly id: string;
  readonly model: string;
  /**
   * The model's context window in tokens when something more exact than the built-in table says
   * it (the person's `contextWindow`, the server's own figure); see `windowOf`.
   */
  readonly contextWindow?: number;
  stream(request: ProviderRequest, signal: AbortSignal): AsyncIterable<StreamEvent>;
  /**
   * The model names the endpoint offers, where its API lists them (`/model`). Rejects with an
   * actionable message when the listing fails; absent where the API has no listing.
   */
  listModels?(signal: AbortSignal): Promise<string[]>;
}

/** Every provider id the agent knows. `text` is the no-native-tools transport over Chat Completions. */
export const PROVIDER_IDS = [
  'openai-chat',
  'openai-responses',
  'anthropic',
  'bedrock',
  'genkit',
  'text',
  'demo',
] as const;
export type ProviderId = (typeof PROVIDER_IDS)[number];

/**
 * What every adapter's `create(options)` takes. Credentials not given as `apiKey` come from `env`
 * (else process.env), then each SDK's standard sources (the AWS chain); the agent never writes
 * them anywhere.
 */
export interface ProviderOptions {
  model: string;
  /** Endpoint override; plain http:// gateways and proxies must work. */
  baseUrl?: string;
  apiKey?: string;
  /** Retries of rate limits and 5xx, through the SDK's own retry where it has one (default 2). */
  maxRetries?: number;
  /** Bedrock region (else AWS_REGION). */
  region?: string;
  /**
   * Where the credential and endpoint variables (OPENAI_API_KEY, ANTHROPIC_BASE_URL, ...) are
   * read; defaults to process.env. A library caller's own credentials win over the process's.
   */
  env?: Readonly<Record<string, string | undefined>>;
}
