import type { AgentProfile } from '@agent/subagents';
import type { AgentSessionOptions } from './agent-session-options';
import { agentProfiles } from './assemble-agent';
import type { McpLink } from '../mcp/mcp-link';
import { SessionProvider } from '../provider/session-provider';
import { SessionSkills } from '../skills/session-skills';

/** What a session is built from, loaded before it exists. */
export interface SessionSetup {
  /** The provider, chosen by the one rule (the saved session's on resume). */
  providers: SessionProvider;
  profiles: ReadonlyMap<string, AgentProfile>;
  skills: SessionSkills;
  /** The MCP servers, already connecting. */
  mcpLink: McpLink | undefined;
  /** What loading the profiles and skills has to tell the person. */
  notices: string[];
}

/** Chooses the provider and loads the agent profiles and skills. Throws ConfigError. */
export async function loadSessionSetup(
  options: AgentSessionOptions,
  mcpLink: McpLink | undefined,
): Promise<SessionSetup> {
  const providers = SessionProvider.choose(
    options.choice,
    options.provider,
    options.resume?.projection,
  );
  const { profiles, notices } = await agentProfiles(options.agentHome, options.workspaceRoot);
  const skills = await SessionSkills.load(options);
  notices.push(...skills.warnings);
  return { providers, profiles, skills, mcpLink, notices };
}
