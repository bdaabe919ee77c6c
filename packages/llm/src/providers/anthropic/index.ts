import Anthropic from '@anthropic-ai/sdk';
import type { Provider, ProviderError, ProviderOptions } from '../../provider';
import {
  classifyError,
  guardedProvider,
  turnEnd,
  type EndEvent,
  type StreamState,
} from '../shared';
import { optionEnv, sdkClientOptions } from '../shared/sdk-options';
import { AnthropicEventMapper } from './anthropic-events';
import { toAnthropicRequest } from './anthropic-request';

const CREDENTIAL = 'ANTHROPIC_API_KEY';

/**
 * The Anthropic Messages adapter (`@anthropic-ai/sdk`, raw streaming events). Credentials and
 * endpoint default to ANTHROPIC_API_KEY / ANTHROPIC_BASE_URL; retries go through the SDK.
 */
export function create(options: ProviderOptions): Provider {
  let client: Anthropic | undefined;
  const baseUrl = options.baseUrl ?? optionEnv(options, 'ANTHROPIC_BASE_URL');

  const classify = (error: unknown, state: StreamState): ProviderError => {
    const nested = (error as { error?: { error?: { type?: unknown } } } | undefined)?.error?.error;
    const type = typeof nested?.type === 'string' ? nested.type : '';
    const classified = classifyError(error, {
      credentialVariable: CREDENTIAL,
      baseUrl,
      baseUrlVariable: 'ANTHROPIC_BASE_URL',
      streaming: state.streaming,
    });
    if (classified.kind !== 'other') return classified;
    if (/overloaded|api_error/.test(type)) return { ...classified, kind: 'server' };
    if (/rate_limit/.test(type)) return { ...classified, kind: 'rate_limit' };
    return classified;
  };

  /** The SDK client, made on first use; undefined without a key or token. */
  const clientOf = (): Anthropic | undefined => {
    const apiKey = options.apiKey ?? optionEnv(options, CREDENTIAL);
    // The SDK takes one credential: the key wins over a token, as it does with both in the env.
    const authToken = apiKey ? undefined : optionEnv(options, 'ANTHROPIC_AUTH_TOKEN');
    if (!apiKey && !authToken) return undefined;
    // Everything passed explicitly (null, not undefined), so the SDK never falls back to
    // process.env when the caller gave its own env.
    client ??= new Anthropic({
      apiKey: apiKey ?? null,
      authToken: authToken ?? null,
      baseURL: baseUrl ?? null,
      ...sdkClientOptions(options),
    });
    return client;
  };

  const provider = guardedProvider(
    'anthropic',
    options.model,
    async function* (state, request, signal) {
      const client = clientOf();
      if (!client) return missingKey();
      const events = await client.messages.create(toAnthropicRequest(options.model, request), {
        signal,
      });
      state.streaming = true;
      const mapper = new AnthropicEventMapper();
      for await (const event of events) {
        yield* mapper.map(event);
        if (mapper.finished) break;
      }
      return turnEnd(mapper, 'no message_stop');
    },
    classify,
  );
  return {
    ...provider,
    async listModels(signal: AbortSignal): Promise<string[]> {
      const listing = clientOf();
      if (!listing) throw new Error(missingKey().error!.message);
      try {
        const ids: string[] = [];
        for await (const model of listing.models.list({}, { signal })) ids.push(model.id);
        return ids.sort();
      } catch (error) {
        throw new Error(classify(error, { streaming: false }).message, { cause: error });
      }
    },
  };
}

function missingKey(): EndEvent {
  return {
    type: 'end',
    stopReason: 'error',
    error: {
      kind: 'auth',
      message: `${CREDENTIAL} is not set: export ${CREDENTIAL}=<your key>, or choose another provider with the \`provider\` option`,
    },
  };
}
