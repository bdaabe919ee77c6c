import { assertSessionFree, type SessionEventInput } from '@agent/session';
import type { AgentSessionOptions } from './agent-session-options';
import type { SavedSession } from '../session-file/find-session';
import { startSessionMcp, type McpLink } from '../mcp/mcp-link';
import { unknownRuleTools } from '../permissions/rule-tools';
import type { SessionParts } from './session-parts';
import { loadSessionSetup, type SessionSetup } from './session-setup';

/** What opening a session reaches of the session it has built, its parts included. */
export interface BuiltSession<S> {
  session: S;
  parts: SessionParts;
  /** Continues the saved session `options.resume` names, keeping the provider already chosen. */
  resume(saved: SavedSession): Promise<void>;
}

/**
 * Opens one session: refuses to resume a session another process holds (SessionLockedError),
 * starts its MCP servers, loads its setup, has `build` make the session from it, tells the start
 * notices and continues `options.resume`. Throws ConfigError.
 */
export async function openAgentSession<S>(
  options: AgentSessionOptions,
  build: (setup: SessionSetup) => BuiltSession<S>,
): Promise<S> {
  // A session another process holds is refused before any server starts (its lock is taken
  // when the resume opens the file).
  if (options.resume) await assertSessionFree(options.resume.path);
  // The MCP servers connect while the provider, profiles, skills and prompt are set up. A
  // server's question comes during a tool call, so once the session file exists.
  let record = (event: SessionEventInput): void => void event;
  const mcpLink = startSessionMcp(options, (event) => record(event));
  try {
    const built = await assemble(options, mcpLink, build);
    record = (event) => built.parts.file.record(event);
    if (options.resume) await built.resume(options.resume);
    return built.session;
  } catch (error) {
    // A session that is never returned stops the servers it started.
    await mcpLink?.manager.close({ wait: false });
    throw error;
  }
}

async function assemble<S>(
  options: AgentSessionOptions,
  mcpLink: McpLink | undefined,
  build: (setup: SessionSetup) => BuiltSession<S>,
): Promise<BuiltSession<S>> {
  const setup = await loadSessionSetup(options, mcpLink);
  const built = build(setup);
  const { parts } = built;
  const notices = [...setup.notices, ...parts.startNotices];
  notices.push(...unknownRuleTools(parts.permissionRules.list(), parts.registry.names()));
  for (const text of [...notices, ...parts.permissionRules.problems]) {
    options.onEvent({ type: 'notice', text });
  }
  // Problems with the hooks, and a workspace's hooks not run until approved, are told now.
  parts.hooks.load();
  return built;
}
