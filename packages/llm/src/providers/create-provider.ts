import type { Provider, ProviderId, ProviderOptions } from '../provider';
import { PROVIDER_IDS } from '../provider';

/** Each adapter folder exports `create(options)`; only the chosen one is ever loaded. */
interface AdapterModule {
  create(options: ProviderOptions): Provider;
}

const MODULES: Readonly<Record<ProviderId, string>> = {
  'openai-chat': './openai-chat',
  'openai-responses': './openai-responses',
  anthropic: './anthropic',
  bedrock: './bedrock',
  genkit: './genkit',
  text: './text',
  demo: './demo',
};

/**
 * Creates the provider `id`. Its adapter module (and so its SDK) is required only now, so start-up
 * never loads SDKs it does not use. Throws on an unknown id.
 */
export function createProvider(id: ProviderId, options: ProviderOptions): Provider {
  const modulePath = MODULES[id];
  if (!modulePath) {
    throw new Error(
      `unknown provider "${String(id)}"; expected one of: ${PROVIDER_IDS.join(', ')}`,
    );
  }
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const adapter = require(modulePath) as AdapterModule;
  return adapter.create(options);
}
