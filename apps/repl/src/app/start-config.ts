import { agentHome, loadConfigFile, resolveProviderConfig } from '@agent/llm/config';
import type { ReplArgs } from './args';

/** What start-up needs from flags, environment and `$AGENT_HOME/config.json`. */
export interface StartConfig {
  agentHome: string;
  env: NodeJS.ProcessEnv;
}

/**
 * Reads and checks the configuration before anything is painted (no SDK loads here), so a
 * mistake such as `--provider nope` prints plainly. Throws ConfigError.
 */
export function loadStartConfig(
  args: ReplArgs,
  env: NodeJS.ProcessEnv,
  injectedProvider: boolean,
): StartConfig {
  const home = agentHome(env);
  loadConfigFile(home);
  if (!injectedProvider) {
    resolveProviderConfig({
      flags: { provider: args.provider, model: args.model, baseUrl: args.baseUrl },
      env,
      agentHome: home,
    });
  }
  return { agentHome: home, env };
}
