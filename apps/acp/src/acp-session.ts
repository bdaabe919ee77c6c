import { createAskUserTool, DEFAULT_MAX_ASK_USER } from '@agent/askuser';
import { ImageError } from '@agent/llm';
import type { ServerConfig } from '@agent/runtime';
import { AgentSession, registryTitles, type SavedSession } from '@agent/runtime';
import { inFlagTerms } from '@agent/runtime/flags';
import { modeOf, sessionModes } from './acp-modes';
import { AcpPerson, type EditorAbilities } from './acp-person';
import type { AgentSettings } from './agent-settings';
import { editorPrompt, type EditorPrompt } from './prompt-content';
import { replayUpdates } from './replay-updates';
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
  private constructor(
    readonly id: string,
    private readonly agent: AgentSession,
    private readonly updates: UpdateSender,
    private readonly deps: SessionDeps,
  ) {}

  static async open(deps: SessionDeps, request: SessionRequest): Promise<AcpSession> {
    const { settings, abilities } = deps;
    let id = request.resume?.id ?? '';
    const updates = new UpdateSender(deps.client, () => id, deps.log);
    const turn = new TurnUpdates(request.workspace, (update) => updates.send(update), deps.log);
    const person = new AcpPerson(
      deps.client,
      () => id,
      request.workspace,
      abilities,
      () => updates.flushed(),
    );
    // Where the editor cannot show a form, there is no ask_user (as in headless runs).
    const budget = abilities.forms ? (settings.maxAskUser ?? DEFAULT_MAX_ASK_USER) : 0;
    const agent = await AgentSession.create({
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
      person,
      rules: { allow: settings.allow, deny: settings.deny },
      extraTools: budget > 0 ? [createAskUserTool()] : [],
      maxInteractive: budget,
      toolHistory: settings.toolHistory,
      sandbox: settings.sandbox,
      ...(request.resume ? { resume: request.resume } : {}),
      mcp: { env: settings.env, clientServers: request.clientServers },
      onEvent: (event) => turn.handle(event),
    });
    try {
      const problem = agent.credentialProblem();
      if (problem) throw deps.acp.RequestError.authRequired(undefined, inFlagTerms(problem));
      id = await agent.openSessionFile();
      deps.log(
        `session ${id}: ${agent.provider.id} (${agent.provider.model}); ${inFlagTerms(agent.providerReason)}`,
      );
    } catch (error) {
      await agent.close();
      throw error;
    }
    const session = new AcpSession(id, agent, updates, deps);
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
   * Offers again what a loaded session left open (a questionnaire) and continues its turn,
   * outside any prompt; a prompt sent meanwhile waits for it, `session/cancel` ends it.
   */
  offerOpenCalls(): void {
    if (this.continuing || this.stopping || this.agent.busy) return;
    if (this.agent.openCalls.length === 0) return;
    const stopped = new AbortController();
    this.stopping = stopped;
    this.continuing = (async () => {
      try {
        await this.serversReady(stopped.signal);
        if (!stopped.signal.aborted) await this.agent.runTurn(undefined);
      } catch (error) {
        this.deps.log(`the open questionnaire could not be offered again: ${String(error)}`);
      } finally {
        this.stopping = undefined;
        this.continuing = undefined;
        await this.updates.flushed();
      }
    })();
  }

  /** The continued turn of a loaded session, while it runs (see `offerOpenCalls`). */
  private continuing: Promise<void> | undefined;

  /**
   * Runs one prompt to its end. A questionnaire a saved session left open is asked again first
   * (or, offered at load, answered first), and its turn continued; then the prompt's own turn
   * runs.
   */
  async prompt(blocks: readonly ContentBlock[], signal: AbortSignal): Promise<StopReason> {
    const { RequestError } = this.deps.acp;
    if (this.continuing) {
      const cancel = (): void => void this.cancel();
      signal.addEventListener('abort', cancel, { once: true });
      try {
        await this.continuing;
      } finally {
        signal.removeEventListener('abort', cancel);
      }
      if (signal.aborted) return 'cancelled';
    }
    if (this.stopping || this.agent.busy) {
      throw RequestError.invalidRequest(undefined, 'a prompt is already running in this session');
    }
    let prompt: EditorPrompt;
    try {
      prompt = editorPrompt(blocks, this.agent.workspaceRoot);
    } catch (error) {
      if (error instanceof ImageError) throw RequestError.invalidParams(undefined, error.message);
      throw error;
    }
    const { text, given } = prompt;
    if (text.trim() === '' && given.length === 0 && prompt.images.length === 0) {
      throw RequestError.invalidParams(undefined, 'the prompt is empty');
    }
    const stopped = new AbortController();
    this.stopping = stopped;
    const cancel = (): void => void this.cancel();
    signal.addEventListener('abort', cancel, { once: true });
    try {
      await this.serversReady(stopped.signal);
      if (stopped.signal.aborted) return 'cancelled';
      if (this.agent.openCalls.length > 0) {
        const continued = await this.agent.runTurn(undefined);
        if (continued.reason === 'interrupted') return 'cancelled';
      }
      const attached = await this.agent.attachMentions(text, given);
      for (const problem of attached?.problems ?? []) this.deps.log(problem);
      if (stopped.signal.aborted) return 'cancelled';
      const images = [...prompt.images, ...(attached?.images ?? [])];
      const result = await this.agent.runTurn(attached?.text ?? text, {
        ...(attached ? { display: text } : {}),
        ...(images.length > 0 ? { images } : {}),
      });
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
      this.stopping = undefined;
      signal.removeEventListener('abort', cancel);
      await this.updates.flushed();
    }
  }

  /**
   * Before the first prompt, waits for the MCP servers to connect or fail (each within its time
   * limit), so the first request already offers their tools, unless those a server listed last
   * time are remembered (see McpManager.toolsKnown); a cancel stops the wait.
   */
  private async serversReady(signal: AbortSignal): Promise<void> {
    const mcp = this.agent.mcp;
    if (!mcp || this.serversChecked) return;
    this.serversChecked = true;
    await new Promise<void>((resolve) => {
      signal.addEventListener('abort', () => resolve(), { once: true });
      mcp.toolsKnown().then(resolve, resolve);
    });
  }

  private serversChecked = false;

  /** The running prompt's stop, before and between its turns. */
  private stopping: AbortController | undefined;

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
    this.stopping?.abort();
    await this.agent.interrupt();
  }

  /**
   * Ends the session: a running turn is interrupted, servers stopped, the file closed.
   * `leaveQuestionsOpen`: the process is going away (see AgentSession.close).
   */
  async close(options: { leaveQuestionsOpen?: boolean } = {}): Promise<void> {
    await this.agent.close(options);
  }
}
