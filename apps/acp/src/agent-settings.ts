import type { ToolHistoryMode } from '@agent/llm';
import type { AgentFlags } from '@agent/runtime/flags';

/** What every session of this process is made with: the command line and the environment. */
export interface AgentSettings {
  agentHome: string;
  env: NodeJS.ProcessEnv;
  provider?: string;
  model?: string;
  baseUrl?: string;
  contextWindow?: number;
  toolHistory?: ToolHistoryMode;
  maxAskUser?: number;
  sandbox?: AgentFlags['sandbox'];
  allow: string[];
  deny: string[];
}

export function agentSettings(
  flags: AgentFlags,
  env: NodeJS.ProcessEnv,
  agentHome: string,
): AgentSettings {
  return {
    agentHome,
    env,
    ...(flags.provider !== undefined ? { provider: flags.provider } : {}),
    ...(flags.model !== undefined ? { model: flags.model } : {}),
    ...(flags.baseUrl !== undefined ? { baseUrl: flags.baseUrl } : {}),
    ...(flags.contextWindow !== undefined ? { contextWindow: flags.contextWindow } : {}),
    ...(flags.toolHistory !== undefined ? { toolHistory: flags.toolHistory } : {}),
    ...(flags.maxAskUser !== undefined ? { maxAskUser: flags.maxAskUser } : {}),
    ...(flags.sandbox !== undefined ? { sandbox: flags.sandbox } : {}),
    allow: flags.allow,
    deny: flags.deny,
  };
}
