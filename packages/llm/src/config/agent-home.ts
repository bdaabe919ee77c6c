import * as os from 'node:os';
import * as path from 'node:path';

export type Env = Readonly<Record<string, string | undefined>>;

/** The agent's home (`config.json`, `sessions/`): $AGENT_HOME, else ~/.agent. */
export function agentHome(env: Env = process.env): string {
  const configured = env.AGENT_HOME?.trim();
  return configured ? path.resolve(configured) : path.join(os.homedir(), '.agent');
}

/** A variable's value, treating empty and blank values as unset. */
export function envValue(env: Env, name: string): string | undefined {
  const value = env[name]?.trim();
  return value ? value : undefined;
}
