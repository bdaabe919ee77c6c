import { PROVIDER_IDS, type ProviderId, type ProviderOptions } from '../provider';
import { agentHome, envValue, type Env } from './agent-home';
import { ConfigError, configFilePath, loadConfigFile, type ConfigFile } from './config-file';
import { CREDENTIAL_SOURCES } from './missing-credentials';

/** The model used when nothing names one. */
export const DEFAULT_MODELS: Readonly<Record<ProviderId, string>> = {
  'openai-chat': 'gpt-4.1',
  'openai-responses': 'gpt-5-codex',
  anthropic: 'claude-sonnet-4-5',
  bedrock: 'anthropic.claude-3-5-sonnet-20240620-v1:0',
  genkit: 'gemini-2.5-flash',
  text: 'gpt-4.1-mini',
  demo: 'demo',
};

export interface ProviderFlags {
  provider?: string;
  model?: string;
  baseUrl?: string;
  /** `--context-window`: the model's window in tokens, over everything else. */
  contextWindow?: number;
}

export interface ResolveProviderInput {
  flags?: ProviderFlags;
  env?: Env;
  /** Defaults to agentHome(env). */
  agentHome?: string;
  /**
   * What to use when nothing names a provider and no credentials are found: `demo`, the offline
   * scripted provider (the apps ask for it). By default a ConfigError says what to set instead,
   * so a program never talks to the demo without asking for it.
   */
  fallback?: 'demo';
}

export interface ResolvedProvider {
  id: ProviderId;
  options: ProviderOptions;
  /** One line saying why this provider was chosen. */
  reason: string;
  /** The context window the flag or config.json sets for this provider and model, if any. */
  contextWindow?: number;
}

/**
 * Chooses the provider and model. Precedence: flags, then AGENT_PROVIDER / AGENT_MODEL, then
 * $AGENT_HOME/config.json, then credentials found in the environment, then the offline demo when
 * `fallback` asks for it. Reads credentials only to detect them; never returns or stores them.
 * Throws ConfigError, also when nothing chooses a provider and there is no fallback.
 */
export function resolveProviderConfig(input: ResolveProviderInput = {}): ResolvedProvider {
  const env = input.env ?? process.env;
  const flags = input.flags ?? {};
  const home = input.agentHome ?? agentHome(env);
  const file = loadConfigFile(home);
  const fileName = configFilePath(home);

  let id: ProviderId;
  let reason: string;
  const flagProvider = flags.provider?.trim();
  const envProvider = envValue(env, 'AGENT_PROVIDER');
  if (flagProvider) {
    id = checkId(flagProvider, 'the `provider` option');
    reason = `provider "${id}" from the \`provider\` option`;
  } else if (envProvider) {
    id = checkId(envProvider, 'AGENT_PROVIDER');
    reason = `AGENT_PROVIDER=${id}`;
  } else if (file?.provider) {
    id = file.provider;
    reason = `provider "${id}" from ${fileName}`;
  } else {
    const detected = detect(env, input.fallback);
    id = detected.id;
    reason = detected.reason;
  }

  const settings = file?.providers?.[id];
  const fileModel = file?.provider === id || !file?.provider ? file?.model : undefined;
  const model =
    flags.model?.trim() ||
    envValue(env, 'AGENT_MODEL') ||
    settings?.model ||
    fileModel ||
    DEFAULT_MODELS[id];
  const options: ProviderOptions = { model };
  const baseUrl = flags.baseUrl?.trim() || settings?.baseUrl;
  if (baseUrl) options.baseUrl = baseUrl;
  if (id === 'bedrock') {
    const region = envValue(env, 'AWS_REGION') ?? envValue(env, 'AWS_DEFAULT_REGION');
    if (region) options.region = region;
  }
  const resolved: ResolvedProvider = { id, options, reason };
  const window = configuredContextWindow(file, id, model, flags.contextWindow);
  if (window !== undefined) resolved.contextWindow = window;
  return resolved;
}

/**
 * The context window the person set for `model` of provider `id`. Precedence: the flag, then
 * config.json's `providers.<id>.models.<model>.contextWindow`, then `providers.<id>.contextWindow`.
 * Undefined leaves it to the server's own figure or the built-in table.
 */
export function configuredContextWindow(
  file: ConfigFile | undefined,
  id: ProviderId,
  model: string,
  flag: number | undefined,
): number | undefined {
  const settings = file?.providers?.[id];
  return flag ?? settings?.models?.[model]?.contextWindow ?? settings?.contextWindow;
}

function checkId(value: string, source: string): ProviderId {
  if ((PROVIDER_IDS as readonly string[]).includes(value)) return value as ProviderId;
  throw new ConfigError(
    `unknown provider "${value}" (from ${source}); expected one of: ${PROVIDER_IDS.join(', ')}`,
  );
}

function detect(env: Env, fallback: 'demo' | undefined): { id: ProviderId; reason: string } {
  if (envValue(env, 'OPENAI_API_KEY')) {
    return { id: 'openai-chat', reason: 'OPENAI_API_KEY is set: using openai-chat' };
  }
  if (envValue(env, 'ANTHROPIC_API_KEY')) {
    return { id: 'anthropic', reason: 'ANTHROPIC_API_KEY is set: using anthropic' };
  }
  const google = envValue(env, 'GEMINI_API_KEY')
    ? 'GEMINI_API_KEY'
    : envValue(env, 'GOOGLE_API_KEY')
      ? 'GOOGLE_API_KEY'
      : undefined;
  if (google) return { id: 'genkit', reason: `${google} is set: using genkit (Gemini)` };
  const aws = ['AWS_BEARER_TOKEN_BEDROCK', 'AWS_ACCESS_KEY_ID', 'AWS_PROFILE'].find((name) =>
    envValue(env, name),
  );
  if (aws) return { id: 'bedrock', reason: `${aws} is set: using bedrock` };
  if (fallback !== 'demo') {
    throw new ConfigError(
      `no provider chosen and no credentials found: set ${CREDENTIAL_SOURCES}, or choose a provider with the \`provider\` option (one of: ${PROVIDER_IDS.join(', ')}; \`demo\` is the offline scripted one)`,
    );
  }
  return {
    id: 'demo',
    reason: `no credentials found: using the offline demo provider; set ${CREDENTIAL_SOURCES}, or choose one with the \`provider\` option`,
  };
}
