import OpenAI from 'openai';
import type { ProviderError, ProviderOptions } from '../../provider';
import { classifyError, type ErrorContext } from './provider-error';
import type { StreamState } from './guard-stream';

/** An OpenAI SDK client plus what error messages need to name; `client` is absent without a key. */
export interface OpenAIConnection {
  client: OpenAI | undefined;
  context: ErrorContext;
  classify(error: unknown, state: StreamState): ProviderError;
  /** The ending for a request made without any key. */
  missingKey(): ProviderError;
}

const DEFAULT_BASE_URL = 'https://api.openai.com/v1';

/**
 * Builds the client the OpenAI-family adapters share. The key comes from options or
 * OPENAI_API_KEY; a custom endpoint (option or OPENAI_BASE_URL) may run without one (local
 * servers), the public endpoint may not. Retries of 429/5xx are the SDK's (default 2).
 */
export function openAIConnection(options: ProviderOptions): OpenAIConnection {
  const envBaseUrl = process.env.OPENAI_BASE_URL?.trim() || undefined;
  const baseURL = options.baseUrl?.trim() || envBaseUrl;
  const envKey = process.env.OPENAI_API_KEY?.trim() || undefined;
  const apiKey = options.apiKey || envKey || (baseURL ? 'no-key' : undefined);
  const context: ErrorContext = {
    credentialVariable: 'OPENAI_API_KEY',
    baseUrl: baseURL ?? DEFAULT_BASE_URL,
    baseUrlVariable: 'OPENAI_BASE_URL',
  };
  const client = apiKey
    ? new OpenAI({
        apiKey,
        baseURL: baseURL ?? DEFAULT_BASE_URL,
        maxRetries: options.maxRetries ?? 2,
      })
    : undefined;
  return {
    client,
    context,
    classify: (error, state) => classifyError(error, { ...context, streaming: state.streaming }),
    missingKey: () => ({
      kind: 'auth',
      message: 'OPENAI_API_KEY is missing or invalid: set it or pass --provider (no key was found)',
    }),
  };
}
