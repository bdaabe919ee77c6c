import os from 'node:os';
import path from 'node:path';

/** `$AGENT_HOME`, else `~/.agent`. */
export function defaultAgentHome(env: NodeJS.ProcessEnv = process.env): string {
  return env.AGENT_HOME && env.AGENT_HOME.length > 0
    ? path.resolve(env.AGENT_HOME)
    : path.join(os.homedir(), '.agent');
}

export const SESSION_FILE_EXTENSION = '.jsonl';

export function sessionsDir(agentHome: string): string {
  return path.join(agentHome, 'sessions');
}

export function sessionPath(agentHome: string, id: string): string {
  return path.join(sessionsDir(agentHome), `${id}${SESSION_FILE_EXTENSION}`);
}
