import {
  DEFAULT_MAX_INTERACTIVE,
  type CompactResult,
  type ContextUsage,
  type Message,
  type Provider,
  type ProviderRequest,
  type ToolHistoryMode,
} from '@agent/llm';
import type { McpManager } from '@agent/mcp';
import type { ShellSandbox, ToolRegistry } from '@agent/tools';
import type { ContextFill } from '../context-window/context-meter';
import type { SavedSession } from '../session-file/find-session';
import type { AgentSessionOptions, TurnResult } from './agent-session-options';
import { SessionConversation } from './conversation-view';
import type { SessionProvider } from '../provider/session-provider';
import type { SessionSetup } from './session-setup';
import { sessionFileUsage, type UsageReport } from '../provider/usage-report';
import type { TurnOptions } from '../turn/session-turn';
import { sessionParts, type SessionParts } from './session-parts';
import type { UndoResult } from '../undo/file-undo';
import type { PersonShellResult } from '../person/person-actions';
import { attachMentions, type AttachedMentions, type FileText } from '../prompts/mentions';
import type { PermissionRuleSet } from '../permissions/permission-settings';
import type { AgentMode } from '../modes/agent-mode';
import { SessionLifecycle } from './session-lifecycle';
import type { ToolOffer } from '../tools/tool-offer';
import type { LoadedHooks } from '../hooks/hook-sources';
import type { SessionSkills } from '../skills/session-skills';
import { openAgentSession } from './open-agent-session';
import type { DecisionBook } from '../decisions/decision-book';
import type { CallEntry, TranscriptEntry } from '@agent/session';
import { lastQuestionnaire, type LastQuestionnaire } from '../transcript/last-questionnaire';

/**
 * One agent session, the same for both apps: the provider (chosen by one rule, also on resume),
 * the registry and system prompt, the conversation, the session file (created with the first
 * prompt, flushed at every turn boundary, closed on every exit path), one automatic-compaction
 * decision, and the one turn that may be running. The apps render its events. Its parts are
 * built and connected by `sessionParts`; the session keeps the conversation and its lifecycle.
 */
export class AgentSession {
  /** Every tool of the session; what a request offers depends on the mode (see `offered`). */
  readonly registry: ToolRegistry;
  /** The tools the current mode offers, read afresh for every request. */
  readonly offered: ToolRegistry;
  /** The permission rules in force (flags, settings files, this session's "always" answers). */
  readonly permissionRules: PermissionRuleSet;
  /** Where `run_shell` runs commands; `/sandbox` changes its mode for the session. */
  readonly sandbox: ShellSandbox;
  /** Which MCP tools requests offer, and the servers the person withholds (with MCP servers). */
  readonly toolOffer: ToolOffer | undefined;
  private readonly conversation: SessionConversation;
  private readonly parts: SessionParts;

  /** Chooses the provider, loads agent profiles and builds the agent. Throws ConfigError. */
  static async create(options: AgentSessionOptions): Promise<AgentSession> {
    return openAgentSession(options, (setup) => {
      const session = new AgentSession(options, setup);
      return {
        session,
        parts: session.parts,
        resume: (saved) => session.lifecycle.resume(saved, { switchProvider: false }),
      };
    });
  }

  private readonly providers: SessionProvider;
  private readonly lifecycle: SessionLifecycle;

  private constructor(
    private readonly options: AgentSessionOptions,
    setup: SessionSetup,
  ) {
    this.providers = setup.providers;
    this.conversation = new SessionConversation(setup.providers, options.toolHistory ?? 'full');
    const { profiles, skills, mcpLink } = setup;
    this.parts = sessionParts(this, options, profiles, this.conversation, skills, mcpLink);
    this.registry = this.parts.registry;
    this.offered = this.parts.offered;
    this.permissionRules = this.parts.permissionRules;
    this.sandbox = this.parts.sandbox;
    this.toolOffer = this.parts.toolOffer;
    this.lifecycle = new SessionLifecycle({
      options,
      parts: this.parts,
      providers: setup.providers,
      workspaceRoot: options.workspaceRoot,
      conversation: this.conversation,
      notice: (text) => options.onEvent({ type: 'notice', text }),
    });
  }

  /**
   * The open session file's transcript so far, as a replay of it would show it (every front end's
   * view model: see `TranscriptReducer`), kept up to date as the file records each event.
   */
  get transcript(): readonly TranscriptEntry[] {
    return this.parts.live.entries;
  }

  /**
   * A call's entry in `transcript` as it stands now, by call id: its state, summary, and whether
   * it is a card. A live view's tool events find their call's entry here (recorded before they
   * are emitted); undefined for a call the file did not record.
   */
  transcriptCall(id: string): CallEntry | undefined {
    return this.parts.live.call(id);
  }

  /** The agent home: where the sessions of every workspace are saved. */
  get agentHome(): string {
    return this.options.agentHome;
  }

  /** The system prompt outside plan mode (with the skills listed now). */
  get system(): string {
    return this.parts.system();
  }

  /** The decisions the person kept (`/remember`), as this project sees them. */
  get decisions(): DecisionBook {
    return this.parts.decisions.book;
  }

  /** The session's skills: those listed (and loadable), and the workspace's waiting for approval. */
  get skills(): SessionSkills {
    return this.parts.skills;
  }

  /** The provider the next request goes to. */
  get provider(): Provider {
    return this.providers.current;
  }

  /** Why this provider was chosen (one line), or why the model changed last. */
  get providerReason(): string {
    return this.providers.reason;
  }

  /** The conversation so far, as the next request starts from it (read only). */
  get history(): readonly Message[] {
    return this.conversation.messages;
  }

  /**
   * The conversation's last answered questionnaire as it stands now, amendments applied, also
   * when a compaction kept it only in its checkpoint's ledger (`/amend` reopens it, `/remember`
   * keeps its answers). Undefined when none was answered.
   */
  lastQuestionnaire(): LastQuestionnaire | undefined {
    return lastQuestionnaire(this.conversation.messages);
  }

  /**
   * The interactive calls (questionnaires) a resumed session left open: `runTurn()` without a
   * prompt offers them again through the person channel, under their call ids, and continues the
   * turn. Empty when nothing is open, or where nobody can answer (they were closed as
   * interrupted when the session was loaded).
   */
  get openCalls(): readonly string[] {
    return this.parts.resumed.openCalls;
  }

  /**
   * The hooks in force now with the file each comes from, the workspace's hooks not run until the
   * person approves its settings file, and problems met reading them (`/hooks`).
   */
  hooks(): LoadedHooks {
    return this.parts.hooks.load();
  }

  /**
   * The person reviewed the workspace's settings file (`/hooks approve`): its hooks run, and its
   * allow rules apply, from now on, until it changes.
   */
  approveWorkspaceSettings(): void {
    this.permissionRules.approveWorkspaceFile();
  }

  /** The session's MCP servers (undefined when MCP is off or no server is configured). */
  get mcp(): McpManager | undefined {
    return this.parts.mcpLink?.manager;
  }

  get workspaceRoot(): string {
    return this.options.workspaceRoot;
  }

  get busy(): boolean {
    return this.parts.gate.busy;
  }

  /**
   * Sends `text` into the running model turn (steering): the model gets it at its next step,
   * after the tool results in flight, and the session records it there. False when no model turn
   * runs (nothing was taken: send it as a prompt instead).
   */
  steer(text: string): boolean {
    return this.parts.turn.steer(text);
  }

  get sessionId(): string | undefined {
    return this.parts.file.current?.id;
  }

  /** Interactive tool calls allowed per prompt (ask_user's budget; 0 where nobody can answer). */
  get maxInteractive(): number {
    const fallback = this.parts.channel.canAnswer('questionnaire') ? DEFAULT_MAX_INTERACTIVE : 0;
    return this.options.maxInteractive ?? fallback;
  }

  /** The session file's path, once it exists (none when it could not be created). */
  get sessionFile(): string | undefined {
    return this.parts.file.current?.saved ? this.parts.file.current.path : undefined;
  }

  /** Why the session is not saved (a full disk, a read-only AGENT_HOME); undefined while it is. */
  get saveProblem(): Error | undefined {
    return this.parts.file.saveProblem;
  }

  /** This session's tokens per model (a resumed session's earlier turns too), priced by config.json. */
  async usage(): Promise<UsageReport> {
    await this.flushSession();
    return sessionFileUsage(this.sessionFile, this.options.agentHome);
  }

  /** Writes what is buffered to the session file now (turn boundaries do this by themselves). */
  async flushSession(): Promise<void> {
    await this.parts.file.flush();
  }

  get toolHistory(): ToolHistoryMode {
    return this.conversation.toolHistory;
  }

  /** The mode the session works in now (Shift+Tab, `--mode`, an approved plan). */
  get agentMode(): AgentMode {
    return this.parts.modes.mode;
  }

  /** Switches the mode; the next request (also of a running turn) offers its tools. */
  setAgentMode(mode: AgentMode): void {
    this.parts.modes.set(mode);
  }

  /** Changes what raw tool output later requests keep; recorded in the session. */
  setToolHistory(mode: ToolHistoryMode): void {
    this.conversation.toolHistory = mode;
    this.parts.file.current?.recordSettings({ toolHistory: mode });
  }

  /**
   * Why the current provider's requests would fail for want of credentials (checked before the
   * first prompt, and after a resume or model change); undefined when fine or injected.
   */
  credentialProblem(): string | undefined {
    return this.providers.credentialProblem();
  }

  /** A subagent provider of the current family with another model (the `task` tool's profiles). */
  providerForModel(model: string): Provider {
    return this.providers.forModel(model);
  }

  /** Switches the model of the current provider, recorded in the session. */
  setModel(model: string): void {
    this.providers.setModel(model);
    this.parts.file.current?.recordProviderChange(this.provider.id, model);
  }

  /** Opens the session file now (it is otherwise created with the first prompt); its id. */
  async openSessionFile(): Promise<string> {
    return (await this.parts.file.ensure()).id;
  }

  /**
   * Runs one prompt's tool loop to its end. Never throws; the result says how it ended. Without
   * a prompt it continues the turn a resumed session left open (`openCalls`): its questionnaires
   * are offered again, its other open calls closed as interrupted, and the loop goes on.
   * `display` is what the transcript shows of the prompt when the model is sent more (attached
   * files, an expanded custom command). `amends`: the prompt corrects an earlier questionnaire's
   * result (`/amend`), which the decision ledger then shows. `images` go after the prompt's text
   * (at most `MAX_IMAGES_PER_MESSAGE`), stored by hash under the agent home, not in the session.
   */
  async runTurn(prompt: string | undefined, options: TurnOptions = {}): Promise<TurnResult> {
    return this.parts.turn.run(prompt, options);
  }

  /** Runs a command the person typed (`!cmd`), without a model turn (see PersonActions). */
  async runShell(command: string): Promise<PersonShellResult> {
    return this.parts.person.runShell(command);
  }

  /** Adds a command the person ran and its output to the conversation (see PersonActions). */
  recordShell(command: string, output: string): void {
    this.parts.person.recordShell(command, output);
  }

  /** `/undo`: restores the files the agent changed in its last turn (see PersonActions). */
  async undo(): Promise<UndoResult> {
    return this.parts.person.undo();
  }

  /**
   * The prompt with the files it mentions (`@path`) attached, and the `given` ones (an editor's
   * buffers) before them (see attachMentions).
   */
  async attachMentions(
    prompt: string,
    given: readonly FileText[] = [],
  ): Promise<AttachedMentions | undefined> {
    return attachMentions(this.options.workspaceRoot, prompt, given);
  }

  /** Esc: finish the current tool batch, start no new model call. */
  softStop(): void {
    this.parts.gate.softStop();
  }

  /** Ctrl+C: end the turn at once. Resolves when the loop has ended. */
  async interrupt(): Promise<void> {
    await this.parts.gate.interrupt();
  }

  /**
   * Folds the conversation into a checkpoint now (`/compact`), recorded in the session. Never
   * throws; refuses while a turn runs.
   */
  async compact(signal: AbortSignal): Promise<CompactResult> {
    if (this.parts.gate.busy) return { ok: false, reason: 'a turn is running' };
    return this.parts.compaction.compact(signal);
  }

  /** The request the conversation would send next, before a new prompt (see RequestPreview). */
  nextRequest(): ProviderRequest {
    return this.parts.preview.nextRequest();
  }

  /** How full the window is (see ContextMeter). */
  contextFill(): ContextFill {
    return this.parts.meter.fill();
  }

  /** Where the tokens of the next request would go (estimated). */
  contextUsage(): ContextUsage {
    return this.parts.meter.usage();
  }

  /**
   * Continues a saved session: its conversation, its file and, by the one rule, its provider
   * (see SessionLifecycle.resume). Throws ConfigError when that provider cannot be made.
   */
  async resume(saved: SavedSession): Promise<void> {
    await this.lifecycle.resume(saved, { switchProvider: true });
  }

  /** Starts over in a new session (the old file is closed; the next prompt opens a new one). */
  async reset(): Promise<void> {
    await this.lifecycle.reset();
  }

  /** Interrupts a running turn, stops the servers, closes the file (see SessionLifecycle.close). */
  async close(options: { leaveQuestionsOpen?: boolean } = {}): Promise<void> {
    await this.lifecycle.close(options);
  }
}
