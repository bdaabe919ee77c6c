import { createAskUserTool, DEFAULT_MAX_ASK_USER } from '@agent/askuser';
import { ImageError } from '@agent/llm';
import type { ServerConfig } from '@agent/runtime';
import {
  Conversation,
  registryTitles,
  type AgentSession,
  type ConversationEvent,
  type SavedSession,
} from '@agent/runtime';
import { inFlagTerms } from '@agent/runtime/flags';
import { modeOf, sessionModes } from './acp-modes';
import { AcpCards, type EditorAbilities } from './acp-person';
import type { AgentSettings } from './agent-settings';
import { editorPrompt, type EditorPrompt } from './prompt-content';
import { replayUpdates } from './replay-updates';
import { sessionInUse } from './session-in-use';
import type { Acp } from './sdk';
import type { AgentContext, ContentBlock, SessionModeState, StopReason } from './schema';
import { TurnUpdates } from './turn-updates';
import { UpdateSender } from './update-sender';

/** What opening a session needs beyond the agent's settings. */
export interface SessionRequest {
  workspace: string;
  clientServers: ServerConfig[];
  /** A saved session to continue (`session/load`); its history is replayed first. */
  resume?: SavedSession;
}

export interface SessionDeps {
  acp: Acp;
  client: AgentContext;
  abilities: EditorAbilities;
  settings: AgentSettings;
  log(text: string): void;
}

/**
 * One ACP session: an agent session of the runtime whose person is the editor. Prompts run one
 * at a time; their events stream to the editor as session updates, in order, all of them before
 * the prompt's response. `session/cancel` ends the turn at once (the runtime kills its command
 * and pairs every call).
 */
export class AcpSession {
  private readonly agent: AgentSession;

  private constructor(
    readonly id: string,
    private readonly conversation: Conversation,
    private readonly updates: UpdateSender,
    private readonly deps: SessionDeps,
  ) {
    this.agent = conversation.session;
  }

  static async open(deps: SessionDeps, request: SessionRequest): Promise<AcpSession> {
    const { settings, abilities } = deps;
    let id = request.resume?.id ?? '';
    const updates = new UpdateSender(deps.client, () => id, deps.log);
    const turn = new TurnUpdates(
      request.workspace,
      // Asked only for a turn's calls: the conversation is open by then.
      (callId) => conversation.transcriptCall(callId),
      (update) => updates.send(update),
      deps.log,
    );
    const cards = new AcpCards(
      deps.client,
      () => id,
      request.workspace,
      abilities,
      updates,
      (problem) => deps.log(`the editor's answer was not taken: ${problem}`),
    );
    const onEvent = (event: ConversationEvent): void => {
      if (event.type === 'runtime') turn.handle(event.event);
    };
    // Where the editor cannot show a form, there is no ask_user (as in headless runs).
    const budget = abilities.forms ? (settings.maxAskUser ?? DEFAULT_MAX_ASK_USER) : 0;
    const conversation = await Conversation.open({
      agentHome: settings.agentHome,
      workspaceRoot: request.workspace,
      choice: {
        flags: {
          provider: settings.provider,
          model: settings.model,
          baseUrl: settings.baseUrl,
          ...(settings.contextWindow !== undefined
            ? { contextWindow: settings.contextWindow }
            : {}),
        },
        env: settings.env,
        agentHome: settings.agentHome,
        fallback: 'demo',
      },
      viewers: [cards],
      rules: { allow: settings.allow, deny: settings.deny },
      extraTools: budget > 0 ? [createAskUserTool()] : [],
      maxInteractive: budget,
      toolHistory: settings.toolHistory,
      sandbox: settings.sandbox,
      ...(request.resume ? { resume: request.resume } : {}),
      mcp: { env: settings.env, clientServers: request.clientServers },
      onEvent,
    }).catch((error: unknown) => {
      // Resuming takes the session's lock, which another agent process may hold.
      throw sessionInUse(deps.acp, id, error) ?? error;
    });
    const agent = conversation.session;
    try {
      const problem = agent.credentialProblem();
      if (problem) throw deps.acp.RequestError.authRequired(undefined, inFlagTerms(problem));
      id = await agent.openSessionFile();
      deps.log(
        `session ${id}: ${agent.provider.id} (${agent.provider.model}); ${inFlagTerms(agent.providerReason)}`,
      );
    } catch (error) {
      await conversation.close();
      throw error;
    }
    const session = new AcpSession(id, conversation, updates, deps);
    if (request.resume) {
      const titles = registryTitles(agent.registry);
      const replayed = replayUpdates(request.resume, request.workspace, titles, agent.openCalls);
      for (const update of replayed) {
        updates.send(update);
      }
      await updates.flushed();
    }
    return session;
  }

  /**
   * The editor knows the session now (its load response is on its way): what the loaded session
   * left open is offered again (the conversation decides what and when).
   */
  offerOpenCalls(): void {
    this.conversation.start();
  }

  /**
   * Runs one prompt to its end. A questionnaire a saved session left open is asked again first
   * (or, offered at load, answered first), and its turn continued; then the prompt's own turn
   * runs.
   */
  async prompt(blocks: readonly ContentBlock[], signal: AbortSignal): Promise<StopReason> {
    const { RequestError } = this.deps.acp;
    let prompt: EditorPrompt;
    try {
      prompt = editorPrompt(blocks, this.agent.workspaceRoot);
    } catch (error) {
      if (error instanceof ImageError) throw RequestError.invalidParams(undefined, error.message);
      throw error;
    }
    const cancel = (): void => void this.cancel();
    signal.addEventListener('abort', cancel, { once: true });
    try {
      const accepted = await this.conversation.submit(
        { type: 'prompt', text: prompt.text, files: prompt.given, images: prompt.images },
        'the editor',
      );
      if (!accepted.ok) {
        if (signal.aborted || accepted.reason === 'interrupted') return 'cancelled';
        throw accepted.reason === 'the prompt is empty'
          ? RequestError.invalidParams(undefined, accepted.reason)
          : RequestError.invalidRequest(undefined, 'a prompt is already running in this session');
      }
      const result = await this.conversation.turn!;
      switch (result.reason) {
        case 'interrupted':
          return 'cancelled';
        case 'max_iterations':
          return 'max_turn_requests';
        case 'error':
          throw RequestError.internalError(
            undefined,
            inFlagTerms(result.error ?? 'the turn failed'),
          );
        default:
          return 'end_turn';
      }
    } finally {
      signal.removeEventListener('abort', cancel);
      await this.updates.flushed();
    }
  }

  /** The modes the editor may choose from, and the current one. */
  get modes(): SessionModeState {
    return sessionModes(this.agent.agentMode);
  }

  /** `session/set_mode`: the next request (also of a running prompt) works in `id`. */
  setMode(id: string): void {
    const mode = modeOf(id);
    if (!mode) {
      throw this.deps.acp.RequestError.invalidParams(
        undefined,
        `unknown mode "${id}"; available: ${this.modes.availableModes.map((m) => m.id).join(', ')}`,
      );
    }
    this.agent.setAgentMode(mode);
  }

  /** `session/cancel`: the running prompt ends now; resolves once its turn has. */
  async cancel(): Promise<void> {
    await this.conversation.submit({ type: 'interrupt' }, 'the editor');
  }

  /**
   * Ends the session: a running turn is interrupted, servers stopped, the file closed.
   * `leaveQuestionsOpen`: the process is going away (see AgentSession.close).
   */
  async close(options: { leaveQuestionsOpen?: boolean } = {}): Promise<void> {
    await this.conversation.close(options);
  }
}
