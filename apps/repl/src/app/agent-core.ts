import {
  buildRequest,
  compactHistory,
  contextUsage,
  DEFAULT_AUTO_COMPACT_FRACTION,
  shouldAutoCompact,
  type ContextUsage,
  type ProviderRequest,
  runToolLoop,
  type LoopEvent,
  type LoopEndReason,
  type Message,
  type Provider,
  type ToolHistoryMode,
} from '@agent/llm';
import { SessionWriter } from '@agent/session';
import type { AskUserRequester, PermissionRequester, ToolRegistry } from '@agent/tools';

/** Everything a turn needs that does not change between turns. */
export interface AgentCoreOptions {
  agentHome: string;
  workspaceRoot: string;
  registry: ToolRegistry;
  system: string;
  permissions: PermissionRequester;
  askUser?: AskUserRequester;
  maxAskUser: number;
  toolHistory: ToolHistoryMode;
  /** Fraction of the window at which a prompt first compacts the conversation; false: never. */
  autoCompact?: number | false;
  onEvent(event: LoopEvent): void;
  /** A background session write failed. */
  onSaveError(error: Error): void;
  /** A one-line note for the transcript (automatic compaction). */
  onNotice?(text: string): void;
}

/** How full the context window is, for the status line and /context. */
export interface ContextFill {
  used: number;
  window: number;
  fraction: number;
  /** Where `used` comes from: the provider's count of the current conversation, or the estimate. */
  source: 'provider' | 'estimate';
  /** The provider's count when it still describes the current conversation. */
  counted?: number;
}

/** The provider's token count (input + output of its last call) for one conversation state. */
interface ProviderCount {
  messages: Message[];
  provider: Provider;
  tokens: number;
}

/**
 * The primary agent's conversation: its messages, its provider, the session file it is saved
 * to, and the one turn that may be running. The session file is created with the first prompt
 * and flushed at every turn boundary; `close` flushes and closes it on every exit path.
 */
export class AgentCore {
  messages: Message[] = [];
  writer: SessionWriter | undefined;
  private running:
    { abort: AbortController; soft: AbortController; done: Promise<void> } | undefined;
  /** Valid while `messages` and `provider` are the ones it counted (any replacement drops it). */
  private counted: ProviderCount | undefined;
  private fillCache:
    | {
        messages: Message[];
        provider: Provider;
        counted: ProviderCount | undefined;
        usage: ContextUsage;
        fill: ContextFill;
      }
    | undefined;

  constructor(
    public provider: Provider,
    readonly options: AgentCoreOptions,
  ) {}

  get busy(): boolean {
    return this.running !== undefined;
  }

  get sessionId(): string | undefined {
    return this.writer?.id;
  }

  set toolHistory(mode: ToolHistoryMode) {
    this.options.toolHistory = mode;
    this.writer?.recordSettings({ toolHistory: mode });
  }

  get toolHistory(): ToolHistoryMode {
    return this.options.toolHistory;
  }

  /**
   * Runs one prompt's tool loop to its end. Never throws; returns how the loop ended. Without a
   * prompt it continues a turn cut off mid-call (see `LoopOptions.resume`): the conversation must
   * end with the assistant message whose calls are pending again (`reopenCalls`).
   */
  async runTurn(prompt: string | undefined): Promise<LoopEndReason> {
    if (this.running) throw new Error('a turn is already running');
    const abort = new AbortController();
    const soft = new AbortController();
    let finish!: () => void;
    const done = new Promise<void>((resolve) => (finish = resolve));
    this.running = { abort, soft, done };
    try {
      const writer = await this.ensureWriter();
      if (prompt !== undefined) await this.compactIfFull(writer, abort.signal);
      if (abort.signal.aborted) {
        this.options.onEvent({ type: 'turn_end', reason: 'interrupted' });
        return 'interrupted';
      }
      if (prompt !== undefined) writer.recordUser(prompt);
      const history: Message[] =
        prompt === undefined ? this.messages : [...this.messages, { role: 'user', text: prompt }];
      this.messages = history;
      const result = await runToolLoop({
        provider: this.provider,
        registry: this.options.registry,
        system: this.options.system,
        history,
        resume: prompt === undefined,
        workspaceRoot: this.options.workspaceRoot,
        signal: abort.signal,
        softStop: soft.signal,
        permissions: this.options.permissions,
        askUser: this.options.askUser,
        maxInteractive: this.options.maxAskUser,
        toolHistory: this.options.toolHistory,
        onEvent: (event) => {
          if (event.type === 'usage') {
            const tokens = event.usage.inputTokens + event.usage.outputTokens;
            this.counted = { messages: history, provider: this.provider, tokens };
          }
          writer.recordLoopEvent(event);
          this.options.onEvent(event);
        },
      });
      // A resumed turn returns its re-settled last message first, in place of the pending one.
      const base = prompt === undefined ? history.slice(0, -1) : history;
      this.messages = [...base, ...result.messages];
      const counted = this.counted;
      // Tool history "off" drops raw outputs from this turn's calls: the count no longer fits.
      const shrunk =
        this.toolHistory === 'off' &&
        result.messages.some((m) => m.role === 'assistant' && m.toolCalls.length > 0);
      if (counted?.messages === history && !shrunk) {
        this.counted = { ...counted, messages: this.messages };
      }
      await writer.flush().catch((error: Error) => this.options.onSaveError(error));
      return result.reason;
    } catch (error) {
      this.options.onEvent({
        type: 'turn_end',
        reason: 'error',
        error: error instanceof Error ? error.message : String(error),
      });
      return 'error';
    } finally {
      this.running = undefined;
      finish();
    }
  }

  /**
   * Before a prompt, when the window is fuller than the auto-compaction threshold, folds the
   * conversation into a checkpoint first (recorded in the session). A failure only notes it.
   */
  private async compactIfFull(writer: SessionWriter, signal: AbortSignal): Promise<void> {
    const threshold = this.options.autoCompact ?? DEFAULT_AUTO_COMPACT_FRACTION;
    if (threshold === false || this.messages.length === 0) return;
    const fill = this.contextFill();
    if (!shouldAutoCompact(fill.used, fill.window, threshold)) return;
    const percent = Math.round(fill.fraction * 100);
    this.options.onNotice?.(`Context ${percent}% full: summarising the conversation first…`);
    const result = await compactHistory({
      provider: this.provider,
      messages: this.messages,
      signal,
      keepRecent: 0,
    });
    if (signal.aborted) return;
    if (!result.ok) {
      this.options.onNotice?.(`Could not compact (${result.reason}); continuing as is.`);
      return;
    }
    this.messages = result.messages;
    writer.recordCheckpoint(result.checkpoint);
    this.options.onNotice?.(`Compacted ${result.summarized} messages into a summary.`);
  }

  /** Esc: finish the current tool batch, start no new model call. */
  softStop(): void {
    this.running?.soft.abort();
  }

  /** Ctrl+C: end the turn at once. Resolves when the loop has ended. */
  async interrupt(): Promise<void> {
    const running = this.running;
    if (!running) return;
    running.abort.abort(new Error('interrupted by the person'));
    await running.done;
  }

  /**
   * The request the conversation would send next (before the new prompt): from the last
   * checkpoint on, dangling calls closed, old results pruned past the window, as the loop does.
   */
  nextRequest(): ProviderRequest {
    return buildRequest({
      provider: this.provider,
      registry: this.options.registry,
      system: this.options.system,
      messages: this.messages,
    });
  }

  /** Where the tokens of the next request would go (estimated). */
  contextBreakdown(): ContextUsage {
    return this.measure().usage;
  }

  /**
   * How full the window is: the larger of the provider's own count (while it still describes
   * the current conversation) and the estimate of the next request. Cached per conversation state.
   */
  contextFill(): ContextFill {
    return this.measure().fill;
  }

  private measure(): { usage: ContextUsage; fill: ContextFill } {
    const cache = this.fillCache;
    if (
      cache &&
      cache.messages === this.messages &&
      cache.provider === this.provider &&
      cache.counted === this.counted
    ) {
      return cache;
    }
    const usage = contextUsage(this.nextRequest(), this.provider.model, this.provider.id);
    const counted =
      this.counted?.messages === this.messages && this.counted.provider === this.provider
        ? this.counted.tokens
        : undefined;
    // A count below the estimate left something out (cached input, tool specs): use the larger.
    const used = Math.max(counted ?? 0, usage.total);
    const fill: ContextFill = {
      used,
      window: usage.window,
      fraction: usage.window > 0 ? used / usage.window : 0,
      source: counted !== undefined && counted >= usage.total ? 'provider' : 'estimate',
      ...(counted === undefined ? {} : { counted }),
    };
    this.fillCache = {
      messages: this.messages,
      provider: this.provider,
      counted: this.counted,
      usage,
      fill,
    };
    return this.fillCache;
  }

  /** Starts over in a new session (the old file is closed). */
  async reset(): Promise<void> {
    await this.closeSession();
    this.messages = [];
  }

  /** Continues a saved session: its messages and its file. */
  async adopt(file: string, messages: Message[]): Promise<void> {
    await this.closeSession();
    this.messages = messages;
    this.writer = await SessionWriter.open(file, { onError: (e) => this.options.onSaveError(e) });
  }

  /** Interrupts a running turn, then flushes and closes the session file. */
  async close(): Promise<void> {
    await this.interrupt();
    await this.closeSession();
  }

  private async closeSession(): Promise<void> {
    const writer = this.writer;
    this.writer = undefined;
    if (writer) await writer.close().catch((error: Error) => this.options.onSaveError(error));
  }

  private async ensureWriter(): Promise<SessionWriter> {
    if (this.writer) return this.writer;
    this.writer = await SessionWriter.create({
      agentHome: this.options.agentHome,
      cwd: this.options.workspaceRoot,
      provider: this.provider.id,
      model: this.provider.model,
      onError: (e) => this.options.onSaveError(e),
    });
    if (this.options.toolHistory !== 'full') {
      this.writer.recordSettings({ toolHistory: this.options.toolHistory });
    }
    return this.writer;
  }
}
