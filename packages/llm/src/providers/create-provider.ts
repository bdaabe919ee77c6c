import type { Provider, ProviderId, ProviderOptions } from '../provider';
import { PROVIDER_IDS } from '../provider';
import { DEFAULT_MAX_RETRIES, retryingProvider } from './shared/retrying-provider';
import { isMissingPackage } from '@agent/tools';

/** Each adapter folder exports `create(options)`. */
interface AdapterModule {
  create(options: ProviderOptions): Provider;
}

/* eslint-disable @typescript-eslint/no-require-imports */
/**
 * One loader per adapter. Each is a literal `require` inside a function: Node runs it only when
 * that provider is created, and a bundler (the headless runner's esbuild bundle) can still see
 * and include every adapter, which it could not with a computed module path.
 */
const ADAPTERS: Readonly<Record<ProviderId, () => AdapterModule>> = {
  'openai-chat': () => require('./openai-chat') as AdapterModule,
  'openai-responses': () => require('./openai-responses') as AdapterModule,
  anthropic: () => require('./anthropic') as AdapterModule,
  bedrock: () => require('./bedrock') as AdapterModule,
  genkit: () => require('./genkit') as AdapterModule,
  text: () => require('./text') as AdapterModule,
  demo: () => require('./demo') as AdapterModule,
};
/* eslint-enable @typescript-eslint/no-require-imports */

/**
 * The packages each adapter loads: optional peer dependencies of @agent/llm, installed by the
 * program that uses the provider (`npm install @agent/llm openai`).
 */
export const PROVIDER_PACKAGES: Readonly<Record<ProviderId, readonly string[]>> = {
  'openai-chat': ['openai'],
  'openai-responses': ['openai'],
  text: ['openai'],
  anthropic: ['@anthropic-ai/sdk'],
  bedrock: ['@aws-sdk/client-bedrock-runtime', '@smithy/node-http-handler'],
  genkit: ['genkit', '@genkit-ai/google-genai'],
  demo: [],
};

/** Loads an adapter; a missing SDK becomes an error that names the packages to install. */
function loadAdapter(id: ProviderId, load: () => AdapterModule): AdapterModule {
  try {
    return load();
  } catch (error) {
    const packages = PROVIDER_PACKAGES[id];
    const missing = packages.find((name) => isMissingPackage(error, name));
    if (missing === undefined) throw error;
    throw new Error(
      `the ${id} provider needs the package "${missing}", which is not installed: ` +
        `npm install ${packages.join(' ')}`,
      { cause: error },
    );
  }
}

/**
 * Creates the provider `id`. Only the chosen adapter module (and so its SDK) is loaded, and only
 * now, so start-up never loads SDKs it does not use. Rate limits and server failures are
 * retried by `retryingProvider` (announced, abortable, Retry-After capped). Throws on an
 * unknown id, and when the provider's SDK (`PROVIDER_PACKAGES`) is not installed.
 */
export function createProvider(id: ProviderId, options: ProviderOptions): Provider {
  const load = Object.hasOwn(ADAPTERS, id) ? ADAPTERS[id] : undefined;
  if (!load) {
    throw new Error(
      `unknown provider "${String(id)}"; expected one of: ${PROVIDER_IDS.join(', ')}`,
    );
  }
  // The offline demo never fails; elsewhere retries are the wrapper's, visible and capped,
  // never the SDKs' silent ones.
  const adapter = loadAdapter(id, load);
  if (id === 'demo') return adapter.create(options);
  const maxRetries = options.maxRetries ?? DEFAULT_MAX_RETRIES;
  return retryingProvider(adapter.create({ ...options, maxRetries: 0 }), maxRetries);
}
