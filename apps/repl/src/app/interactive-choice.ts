import type { ProviderChoice } from '@agent/runtime';

/** The model flags the REPL and `agent serve` take alike. */
export interface ModelFlags {
  provider?: string;
  model?: string;
  baseUrl?: string;
  contextWindow?: number;
}

/**
 * How the REPL and `agent serve` choose their provider: the flags, then the environment and
 * config.json, and the offline demo when nothing is configured.
 */
export function interactiveChoice(
  flags: ModelFlags,
  env: NodeJS.ProcessEnv,
  agentHome: string,
): ProviderChoice {
  return {
    flags: {
      provider: flags.provider,
      model: flags.model,
      baseUrl: flags.baseUrl,
      ...(flags.contextWindow !== undefined ? { contextWindow: flags.contextWindow } : {}),
    },
    env,
    agentHome,
    fallback: 'demo',
  };
}
