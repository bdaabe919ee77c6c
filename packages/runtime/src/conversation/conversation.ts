import { abortable } from '@agent/llm';
import type { CallEntry, TranscriptEntry } from '@agent/session';
import type { PersonChannel } from '@agent/tools';
import { AgentSession } from '../session/agent-session';
import type { AgentSessionOptions, TurnResult } from '../session/agent-session-options';
import { CardTable } from './card-table';
import type { CardViewer } from './cards';
import type { ConversationEvent, ConversationListener } from './conversation-events';
import type { Operation, OperationResult, ResultOf } from './operations';
import type { LastQuestionnaire } from '../transcript/last-questionnaire';

/** What opening a conversation needs: a session's options, without a person or a listener. */
export interface ConversationOptions extends Omit<AgentSessionOptions, 'person' | 'onEvent'> {
  /** The front ends that show cards from the start (more may attach later). */
  viewers?: readonly CardViewer[];
  /** Answers the kinds no viewer shows (the headless policy); else those are refused at once. */
  unattended?: PersonChannel;
  /** The first listener, attached before anything is said (the history of a resumed session). */
  onEvent?: ConversationListener;
}

/**
 * One conversation with the agent: what the person does goes in as operations (`submit`), and
 * what happens comes out as one ordered stream of events (`subscribe`). The decisions front ends
 * used to make each on their own are made here: which choices an approval offers and what each
 * does (`CardTable`), which front end's answer counts, and when a resumed session's open call is
 * offered again (at once, after its history, wherever someone can answer it).
 */
export class Conversation {
  private readonly listeners = new Set<ConversationListener>();
  private running: Promise<TurnResult> | undefined;

  private constructor(
    readonly session: AgentSession,
    private readonly cards: CardTable,
  ) {}

  static async open(options: ConversationOptions): Promise<Conversation> {
    const { viewers = [], unattended, onEvent, resume, ...rest } = options;
    // Events said while the session opens wait until the conversation exists to hear them.
    const early: ConversationEvent[] = [];
    const opened: { conversation?: Conversation } = {};
    const say = (event: ConversationEvent): void => {
      if (opened.conversation) opened.conversation.say(event);
      else early.push(event);
    };
    const cards = new CardTable(
      {
        shown: (card) => say({ type: 'card_shown', card }),
        waiting: (card) => say({ type: 'card_waiting', card }),
        progressed: (id, progress, by) => say({ type: 'card_progress', id, progress, by }),
        closed: (id, closing) => say({ type: 'card_closed', id, closing }),
      },
      unattended,
    );
    for (const viewer of viewers) cards.attach(viewer);
    const session = await AgentSession.create({
      ...rest,
      ...(resume ? { resume } : {}),
      person: cards,
      answeredOn: (callId) => cards.takeAnsweredOn(callId),
      onEvent: (event) => say({ type: 'runtime', event }),
    });
    const conversation = new Conversation(session, cards);
    opened.conversation = conversation;
    if (onEvent) conversation.listeners.add(onEvent);
    for (const event of early) conversation.say(event);
    if (resume) conversation.say({ type: 'history', session: resume });
    return conversation;
  }

  /**
   * The front end is ready to show cards: what a resumed session left open is offered again now,
   * after its history (a prompt submitted first continues it first). Called once a front end can
   * answer (the REPL once its screen is up, an editor once its load response is sent).
   */
  start(): void {
    this.continueOpenCalls();
  }

  /** Hears every event from now on; returns the function that stops it. */
  subscribe(listener: ConversationListener): () => void {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  }

  /** Shows cards of `viewer.kinds` to one more front end; returns the function that detaches it. */
  attach(viewer: CardViewer): () => void {
    return this.cards.attach(viewer);
  }

  /**
   * The conversation's person channel, for what a front end asks itself (`/amend` reopens a
   * questionnaire): its card is shown, queued and answered like the model's.
   */
  get person(): PersonChannel {
    return this.cards;
  }

  /** The card shown now and those waiting behind it (for a front end that joins late). */
  get openCards() {
    return { shown: this.cards.shown, waiting: this.cards.waiting };
  }

  /** The conversation so far as transcript entries (see `AgentSession.transcript`). */
  get transcript(): readonly TranscriptEntry[] {
    return this.session.transcript;
  }

  /** A call's transcript entry as it stands now (see `AgentSession.transcriptCall`). */
  transcriptCall(id: string): CallEntry | undefined {
    return this.session.transcriptCall(id);
  }

  /** The last answered questionnaire, amendments applied (see `AgentSession.lastQuestionnaire`). */
  lastQuestionnaire(): LastQuestionnaire | undefined {
    return this.session.lastQuestionnaire();
  }

  /**
   * Whether a turn runs (a prompt's, a resumed session's continued one, or a `!command`), or a
   * prompt accepted for one is being prepared (it waits for its mentions or the servers).
   */
  get busy(): boolean {
    return this.running !== undefined || this.preparing || this.session.busy;
  }

  /** The turn running now, if any: resolves with how it ended. */
  get turn(): Promise<TurnResult> | undefined {
    return this.running;
  }

  /**
   * Does what the person did. A prompt or `!command` while a turn runs, or while another prompt
   * is being prepared for one, is refused (steer instead), except a prompt after a resumed
   * session's continued turn, which it waits for; the first prompt waits for the MCP servers (see
   * serversReady). It resolves once accepted (the turn goes on: its end is a `turn_ended` event,
   * and `turn`).
   */
  async submit<O extends Operation>(operation: O, from = 'this front end'): Promise<ResultOf<O>> {
    return (await this.perform(operation, from)) as ResultOf<O>;
  }

  private async perform(
    operation: Operation,
    from: string,
  ): Promise<OperationResult | ResultOf<{ type: 'compact' }> | ResultOf<{ type: 'undo' }>> {
    switch (operation.type) {
      case 'prompt':
        return this.prompt(operation);
      case 'steer':
        return this.session.steer(operation.text)
          ? { ok: true }
          : { ok: false, reason: 'no turn is running to steer' };
      case 'shell':
        return this.shell(operation.command);
      case 'interrupt':
        if (operation.soft) this.session.softStop();
        else {
          this.waitingForServers?.abort();
          this.compacting?.abort(new Error('interrupted'));
          await this.session.interrupt();
        }
        return { ok: true };
      case 'refuse': {
        const problem = this.cards.refuse(operation.id, operation.reason);
        return problem ? { ok: false, reason: problem } : { ok: true };
      }
      case 'answer': {
        const problem = this.cards.answer(operation.id, operation.answer, from);
        return problem ? { ok: false, reason: problem } : { ok: true };
      }
      case 'progress': {
        const problem = this.cards.progress(operation.id, operation.progress, from);
        return problem ? { ok: false, reason: problem } : { ok: true };
      }
      case 'mode':
        this.session.setAgentMode(operation.mode);
        return { ok: true };
      case 'compact':
        return this.compact();
      case 'undo':
        if (this.busy) return { ok: false, reason: 'a turn is running' };
        return this.session.undo();
      case 'new':
        if (this.busy) await this.session.interrupt();
        await this.session.reset();
        this.say({ type: 'new_session' });
        return { ok: true };
      case 'resume':
        if (this.busy) return { ok: false, reason: 'a turn is running; interrupt it first' };
        await this.session.resume(operation.session);
        this.say({ type: 'history', session: operation.session });
        this.start();
        return { ok: true };
    }
  }

  /** Ends the conversation: the running turn, the servers, the session file. */
  async close(options: { leaveQuestionsOpen?: boolean } = {}): Promise<void> {
    await this.session.close(options);
    this.listeners.clear();
  }

  private async prompt(operation: Operation & { type: 'prompt' }): Promise<OperationResult> {
    if (!this.busy) this.continueOpenCalls();
    const continued = this.continuing && !this.preparing ? this.running : undefined;
    if (!continued && this.busy) {
      const reason =
        this.preparing && !this.running
          ? 'another prompt is being sent; wait for its turn, or interrupt it'
          : 'a turn is running; steer it or interrupt it';
      return { ok: false, reason };
    }
    const { text, files = [], images = [] } = operation;
    if (text.trim() === '' && files.length === 0 && images.length === 0) {
      return { ok: false, reason: 'the prompt is empty' };
    }
    // Taken before the first await, so a prompt from another front end meanwhile is refused.
    this.preparing = true;
    let result: OperationResult = { ok: false, reason: 'interrupted' };
    try {
      if (continued && (await continued).reason === 'interrupted') return result;
      result = await this.prepared(operation);
      return result;
    } finally {
      this.preparing = false;
      if (!result.ok) this.say({ type: 'prompt_dropped' });
    }
  }

  /** The prompt with its mentions attached, once the servers are ready: its turn starts. */
  private async prepared(operation: Operation & { type: 'prompt' }): Promise<OperationResult> {
    const { text, files = [], images = [] } = operation;
    const stop = new AbortController();
    this.waitingForServers = stop;
    const ready = await this.serversReady(stop.signal);
    this.waitingForServers = undefined;
    if (!ready) return { ok: false, reason: 'interrupted' };
    const attached =
      operation.attach === false ? undefined : await this.session.attachMentions(text, files);
    for (const problem of attached?.problems ?? []) {
      this.say({ type: 'runtime', event: { type: 'notice', text: problem } });
    }
    const all = [...images, ...(attached?.images ?? [])];
    const display = operation.display ?? (attached ? text : undefined);
    this.startTurn(attached?.text ?? text, {
      ...(display !== undefined ? { display } : {}),
      ...(operation.amends ? { amends: operation.amends } : {}),
      ...(all.length > 0 ? { images: all } : {}),
    });
    return { ok: true };
  }

  /** A prompt was accepted and its turn has not started yet. */
  private preparing = false;
  private continuing = false;
  /** The compaction running now: an interrupt stops it. */
  private compacting: AbortController | undefined;

  private async compact(): Promise<ResultOf<{ type: 'compact' }>> {
    if (this.busy) return { ok: false, reason: 'a turn is running' };
    if (this.compacting) return { ok: false, reason: 'the conversation is being compacted' };
    const stop = new AbortController();
    this.compacting = stop;
    try {
      const result = await this.session.compact(stop.signal);
      if (stop.signal.aborted) return { ok: false, reason: 'interrupted' };
      return result.ok
        ? { ok: true, summarized: result.summarized }
        : { ok: false, reason: result.reason };
    } finally {
      this.compacting = undefined;
    }
  }

  /**
   * Offers again, at once, what a resumed session left open, where someone can answer it; the
   * continued turn's next request waits for the servers as a first prompt's does.
   */
  private continueOpenCalls(): void {
    if (this.session.openCalls.length === 0 || this.busy) return;
    this.continuing = true;
    this.startTurn(undefined, {
      beforeFirstRequest: async (signal) => void (await this.serversReady(signal)),
    });
  }

  private startTurn(
    prompt: string | undefined,
    options: Parameters<AgentSession['runTurn']>[1],
  ): void {
    const { display, images } = options ?? {};
    const started =
      prompt === undefined
        ? {}
        : {
            prompt,
            ...(display !== undefined ? { display } : {}),
            ...(images?.length ? { images } : {}),
          };
    this.run(started, () => this.session.runTurn(prompt, options));
  }

  /**
   * `!command`: a turn of its own (the model is not asked), so every front end shows it as busy
   * and an interrupt stops it; its output is said as a tool call's events (see runPersonShell).
   */
  private shell(command: string): OperationResult {
    if (this.busy) return { ok: false, reason: 'a turn is running; interrupt it first' };
    if (command.trim() === '') return { ok: false, reason: 'the command is empty' };
    this.run({ shell: command }, async () => {
      const ran = await this.session.runShell(command);
      return { reason: ran.interrupted ? 'interrupted' : 'done', messages: [] };
    });
    return { ok: true };
  }

  /** Says `turn_started` with `started`, runs the turn, and says `turn_ended` with its result. */
  private run(
    started: Omit<Extract<ConversationEvent, { type: 'turn_started' }>, 'type'>,
    turn: () => Promise<TurnResult>,
  ): void {
    this.say({ type: 'turn_started', ...started });
    const running = turn().then(
      (result) => result,
      (error: unknown): TurnResult => ({
        reason: 'error',
        messages: [],
        error: error instanceof Error ? error.message : String(error),
      }),
    );
    this.running = running;
    void running.then((result) => {
      if (this.running === running) {
        this.running = undefined;
        this.continuing = false;
      }
      this.say({ type: 'turn_ended', result });
    });
  }

  private waitingForServers: AbortController | undefined;
  private serversChecked = false;

  /**
   * Before the first model request (a first prompt's, or a resumed session's continued turn's once
   * its open calls are offered), waits for the MCP servers to connect or fail (each within its
   * time limit), so it offers their tools, unless the tools a server listed last time are
   * remembered (a call to one waits for it). Only once. False when `signal` stopped the wait.
   */
  private async serversReady(signal: AbortSignal): Promise<boolean> {
    const mcp = this.session.mcp;
    if (!mcp || this.serversChecked) return true;
    this.serversChecked = true;
    return (await abortable(mcp.toolsKnown(), signal)).kind !== 'aborted';
  }

  private say(event: ConversationEvent): void {
    for (const listener of [...this.listeners]) listener(event);
  }
}
