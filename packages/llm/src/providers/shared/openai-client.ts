import OpenAI from 'openai';
import type {
  Provider,
  ProviderError,
  ProviderOptions,
  ProviderRequest,
  StreamEvent,
} from '../../provider';
import { classifyError, type ErrorContext } from './provider-error';
import { guardStream, type Connection, type EndEvent, type StreamState } from './guard-stream';
import { optionEnv, sdkClientOptions } from './sdk-options';

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
 * OPENAI_API_KEY (in `options.env`, else process.env); a custom endpoint (option or OPENAI_BASE_URL) may run without one (local
 * servers), the public endpoint may not. Retries of 429/5xx are the SDK's (default 2); requests go
 * through Node's fetch with each stream line bounded (see `sdkClientOptions`).
 */
export function openAIConnection(options: ProviderOptions): OpenAIConnection {
  const baseURL = options.baseUrl?.trim() || optionEnv(options, 'OPENAI_BASE_URL');
  const envKey = optionEnv(options, 'OPENAI_API_KEY');
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
        ...sdkClientOptions(options),
      })
    : undefined;
  return {
    client,
    context,
    classify: (error, state) => classifyError(error, { ...context, streaming: state.streaming }),
    missingKey: () => ({
      kind: 'auth',
      message:
        'OPENAI_API_KEY is missing or invalid: set it or choose another provider with the `provider` option (no key was found)',
    }),
  };
}

/** Sends one request with the keyed client: the SDK's stream and the reader that translates it. */
export type OpenAIOpen<T> = (
  client: OpenAI,
  request: ProviderRequest,
  signal: AbortSignal,
  connection: OpenAIConnection,
) => Promise<Connection<T> | EndEvent>;

/**
 * An OpenAI-family Provider over one connection: each stream runs `open` under `guardStream`;
 * without a key it ends at once naming OPENAI_API_KEY, before any request.
 */
export function openAIProvider<T>(
  id: string,
  options: ProviderOptions,
  open: OpenAIOpen<T>,
): Provider {
  const connection = openAIConnection(options);
  return {
    id,
    model: options.model,
    stream(request: ProviderRequest, signal: AbortSignal): AsyncIterable<StreamEvent> {
      return guardStream(
        signal,
        async (state) => {
          const client = connection.client;
          if (!client) return { type: 'end', stopReason: 'error', error: connection.missingKey() };
          const opened = await open(client, request, signal, connection);
          if ('type' in opened) return opened;
          state.streaming = true;
          return opened;
        },
        connection.classify,
      );
    },
    async listModels(signal: AbortSignal): Promise<string[]> {
      const client = connection.client;
      if (!client) throw new Error(connection.missingKey().message);
      try {
        const ids: string[] = [];
        for await (const model of client.models.list({ signal })) ids.push(model.id);
        return ids.sort();
      } catch (error) {
        throw new Error(connection.classify(error, { streaming: false }).message, {
          cause: error,
        });
      }
    },
  };
}
