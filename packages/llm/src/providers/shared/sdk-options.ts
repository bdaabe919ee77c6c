import type { ProviderOptions } from '../../provider';
import { envValue } from '../../config/agent-home';
import { boundedFetch } from './bounded-fetch';

/**
 * How long an SDK waits for a response's headers before it gives up (and retries). Connecting is
 * bounded by Node's fetch itself (10 s), and so is a silent response body (300 s between bytes).
 */
export const RESPONSE_TIMEOUT_MS = 300_000;

/** The client options the OpenAI and Anthropic SDKs share: retries, timeout, and their fetch. */
export function sdkClientOptions(options: ProviderOptions): {
  maxRetries: number;
  timeout: number;
  fetch: typeof fetch;
} {
  return {
    maxRetries: options.maxRetries ?? 2,
    timeout: RESPONSE_TIMEOUT_MS,
    fetch: boundedFetch(),
  };
}

/** A credential or endpoint variable, from the caller's `env` when given, else process.env. */
export function optionEnv(options: ProviderOptions, name: string): string | undefined {
  return envValue(options.env ?? process.env, name);
}
