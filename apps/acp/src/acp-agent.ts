import path from 'node:path';
import { findSession, resolveWorkspace, SessionNotFound } from '@agent/runtime';
import { AcpSession, type SessionDeps } from './acp-session';
import type { EditorAbilities } from './acp-person';
import type { AgentSettings } from './agent-settings';
import { clientServers } from './client-servers';
import type { Acp } from './sdk';
import type { AgentContext, McpServer } from './schema';

/** The agent's ACP sessions of one connection, closed together when it ends. */
export interface AcpAgent {
  app: ReturnType<Acp['agent']>;
  /** Closes every session (a running turn is interrupted). */
  closeAll(options?: { leaveQuestionsOpen?: boolean }): Promise<void>;
}

/**
 * The ACP agent: `initialize` (what the editor can show decides what is asked), `session/new`
 * and `session/load` (the editor's cwd as the workspace, its MCP servers trusted), `session/prompt`
 * and `session/cancel`; the session's modes (default, accept edits, plan) with
 * `session/set_mode`, and a `current_mode_update` when an approved plan changes it.
 */
export function createAcpAgent(
  acp: Acp,
  settings: AgentSettings,
  info: { version: string },
  log: (text: string) => void,
): AcpAgent {
  const sessions = new Map<string, AcpSession>();
  let abilities: EditorAbilities = { forms: false, urls: false };
  const deps = (client: AgentContext): SessionDeps => ({ acp, client, abilities, settings, log });

  const workspaceOf = async (cwd: string): Promise<string> => {
    if (!path.isAbsolute(cwd)) {
      throw acp.RequestError.invalidParams(
        undefined,
        `cwd must be an absolute path (got "${cwd}")`,
      );
    }
    try {
      return await resolveWorkspace(cwd, '/');
    } catch (error) {
      throw acp.RequestError.invalidParams(undefined, (error as Error).message);
    }
  };
  const sessionOf = (id: string): AcpSession => {
    const session = sessions.get(id);
    if (!session) throw acp.RequestError.sessionNotFound(id);
    return session;
  };
  const open = async (
    client: AgentContext,
    cwd: string,
    servers: readonly McpServer[],
    resumeId?: string,
  ): Promise<AcpSession> => {
    const workspace = await workspaceOf(cwd);
    const resume = resumeId === undefined ? undefined : await saved(resumeId, workspace);
    if (resumeId !== undefined) await sessions.get(resumeId)?.close();
    const session = await AcpSession.open(deps(client), {
      workspace,
      clientServers: clientServers(servers),
      ...(resume ? { resume } : {}),
    });
    sessions.set(session.id, session);
    return session;
  };
  const saved = async (id: string, workspace: string) => {
    try {
      const found = await findSession(settings.agentHome, workspace, { resume: id });
      if (found?.id === id) return found;
    } catch (error) {
      if (!(error instanceof SessionNotFound)) throw error;
    }
    throw acp.RequestError.sessionNotFound(id);
  };

  const app = acp
    .agent({ name: 'agent' })
    .onRequest(acp.methods.agent.initialize, ({ params }) => {
      const elicitation = params.clientCapabilities?.elicitation;
      abilities = { forms: Boolean(elicitation?.form), urls: Boolean(elicitation?.url) };
      return {
        protocolVersion: acp.PROTOCOL_VERSION,
        agentCapabilities: {
          loadSession: true,
          promptCapabilities: { embeddedContext: true, image: true, audio: false },
          mcpCapabilities: { http: true, sse: true },
        },
        agentInfo: { name: 'agent', title: 'agent', version: info.version },
        authMethods: [],
      };
    })
    .onRequest(acp.methods.agent.session.new, async ({ params, client }) => {
      const session = await open(client, params.cwd, params.mcpServers);
      return { sessionId: session.id, modes: session.modes };
    })
    .onRequest(acp.methods.agent.session.load, async ({ params, client }) => {
      const session = await open(client, params.cwd, params.mcpServers, params.sessionId);
      // A questionnaire the session left open is offered again at once, as in the REPL; after the
      // load response is on its way, so that the editor knows the session it asks in.
      setImmediate(() => session.offerOpenCalls());
      return { modes: session.modes };
    })
    .onRequest(acp.methods.agent.session.setMode, ({ params }) => {
      sessionOf(params.sessionId).setMode(params.modeId);
      return {};
    })
    .onRequest(acp.methods.agent.session.prompt, async ({ params, signal }) => ({
      stopReason: await sessionOf(params.sessionId).prompt(params.prompt, signal),
    }))
    .onNotification(acp.methods.agent.session.cancel, async ({ params }) => {
      await sessions.get(params.sessionId)?.cancel();
    });

  return {
    app,
    async closeAll(options = {}) {
      const all = [...sessions.values()];
      sessions.clear();
      await Promise.all(all.map((session) => session.close(options)));
    },
  };
}
