import {
  createProvider,
  resolveProviderConfig,
  type Provider,
  type ProviderFlags,
  type ProviderId,
  type ResolvedProvider,
} from '@agent/llm';

/**
 * What the person (or the library caller) chose for this run: provider, model and endpoint, and
 * the environment the provider is chosen from and its credentials are read from (process.env in
 * the apps; a library caller may give its own keys here, and they win over the process's).
 */
export interface ProviderChoice {
  flags: ProviderFlags;
  env: NodeJS.ProcessEnv;
  agentHome: string;
  /**
   * `demo`: run on the offline demo provider when nothing chooses one and no credentials are
   * found (the apps). By default the session fails with a ConfigError that says what to set.
   */
  fallback?: 'demo';
}

/** The provider and model a saved session was last using. */
export interface SessionModel {
  provider?: string;
  model?: string;
}

/**
 * The one rule for choosing the provider, in both apps. Precedence: `--provider`/`--model`,
 * then AGENT_PROVIDER / AGENT_MODEL, then, when resuming, the session's provider and model,
 * then `$AGENT_HOME/config.json`, then detected credentials, then the offline demo if the choice
 * falls back to it. The session's model is taken only with the session's provider. Throws
 * ConfigError (also when nothing chooses a provider and there is no fallback).
 */
export function resolveProvider(choice: ProviderChoice, session?: SessionModel): ResolvedProvider {
  const { flags, env } = choice;
  const providerChosen = Boolean(flags.provider?.trim() || env.AGENT_PROVIDER?.trim());
  const provider = providerChosen ? flags.provider : session?.provider;
  const modelChosen = Boolean(flags.model?.trim() || env.AGENT_MODEL?.trim());
  const sameProvider =
    !providerChosen || (flags.provider ?? env.AGENT_PROVIDER)?.trim() === session?.provider;
  const model = modelChosen || !sameProvider ? flags.model : session?.model;
  const resolvedFlags: ProviderFlags = { ...flags };
  if (provider !== undefined) resolvedFlags.provider = provider;
  if (model !== undefined) resolvedFlags.model = model;
  const resolved = resolveProviderConfig({
    flags: resolvedFlags,
    env,
    agentHome: choice.agentHome,
    ...(choice.fallback ? { fallback: choice.fallback } : {}),
  });
  // The session's provider travels as a flag: the person gave none, so say where it came from.
  if (!providerChosen && session?.provider !== undefined) {
    return { ...resolved, reason: `provider "${resolved.id}" from the resumed session` };
  }
  return resolved;
}

/** A provider of the same family as `resolved` (or `current`) with another model. */
export function providerWithModel(
  current: Provider,
  resolved: ResolvedProvider | undefined,
  model: string,
  env: NodeJS.ProcessEnv,
): Provider {
  return createProvider(current.id as ProviderId, { ...(resolved?.options ?? {}), model, env });
}
