import { agentHome, ConfigError, loadConfigFile, resolveProviderConfig } from '@agent/llm/config';
import { inFlagTerms } from '@agent/runtime/flags';
import type { ReplArgs } from './args';

/** What start-up needs from flags, environment and `$AGENT_HOME/config.json`. */
export interface StartConfig {
  agentHome: string;
  env: NodeJS.ProcessEnv;
}

/**
 * Reads and checks the configuration before anything is painted (no SDK loads here), so a
 * mistake such as `--provider nope` prints plainly, in flag terms. Throws ConfigError.
 */
export function loadStartConfig(
  args: ReplArgs,
  env: NodeJS.ProcessEnv,
  injectedProvider: boolean,
): StartConfig {
  const home = agentHome(env);
  // Either call reads and checks config.json; resolving the provider needs it read anyway.
  if (injectedProvider) loadConfigFile(home);
  else {
    try {
      resolveProviderConfig({
        flags: {
          provider: args.provider,
          model: args.model,
          baseUrl: args.baseUrl,
          ...(args.contextWindow !== undefined ? { contextWindow: args.contextWindow } : {}),
        },
        env,
        agentHome: home,
        fallback: 'demo',
      });
    } catch (error) {
      if (error instanceof ConfigError) throw new ConfigError(inFlagTerms(error.message));
      throw error;
    }
  }
  return { agentHome: home, env };
}

/**
 * `--resume ID` must name one saved session: checked before the screen opens, so a wrong or
 * ambiguous id is a usage error (exit 2, with the matches) rather than a fresh session. Returns
 * the arguments with the id replaced by the session file's path.
 */
export async function checkResume(args: ReplArgs, home: string): Promise<ReplArgs> {
  if (args.resume === undefined) return args;
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { resolveSession } = require('@agent/session') as typeof import('@agent/session');
  const found = await resolveSession(home, args.resume);
  if (!found.ok) throw new Error(`--resume: ${found.message}`);
  return { ...args, resume: found.session.path };
}
