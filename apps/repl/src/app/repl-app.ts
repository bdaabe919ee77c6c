import type { AgentSession, Conversation, RuntimeEvent, TurnResult } from '@agent/runtime';
import type { Amendment } from '@agent/llm';
import { MentionIndex } from '../input/mention-index';
import { isCommandText } from '../input/commands';
import { PromptQueue } from './prompt-queue';
import { ImageAttachments } from './image-attachments';
import { runtime } from './agent-modules';
import { Transcript } from '../view/transcript';
import { TranscriptView } from '../view/transcript-view';
import type { ReplHost } from './extension';
import { KeyRouter } from './key-router';
import { ModalSlot, type EditableText } from './modal';
import type { ToolDisplay } from './turn-renderer';
import type { StatusInfo } from '../view/status-line';
import type { TerminalRunner } from './external-editor';
import { editPromptOrCard } from './prompt-editing';
import { FlashNotice } from './flash-notice';
import { backInInput } from './held-notice';
import { statusInfo } from './status-info';
import { TurnRunner, type TurnStarted } from './turn-runner';
import { SlashCommandRun, type CommandHandler } from './slash-command-run';

export type { StatusInfo } from '../view/status-line';
export type { CommandHandler } from './slash-command-run';

/** The loaded agent, everything the app needs of it at once. */
export interface AttachedAgent {
  session: AgentSession;
  /** The conversation the person's prompts, steering and interrupts go through. */
  conversation: Conversation;
  commands: CommandHandler;
  display: ToolDisplay;
  /** The workspace's files (gitignore-aware) for `@` completion. */
  listFiles?: (signal: AbortSignal) => Promise<string[]>;
}

/**
 * The REPL's controller, free of any terminal library: transcript, key routing, the prompt
 * queue, the turns (run by its TurnRunner) and the status line. Painters read it; `onPaint` asks
 * for a frame.
 */
export class ReplApp {
  readonly transcript = new Transcript();
  readonly view = new TranscriptView(this.transcript);
  readonly modals = new ModalSlot();
  readonly router: KeyRouter;
  private readonly prompts = new PromptQueue();
  private readonly flashed = new FlashNotice(() => this.onPaint());
  /** Prompts waiting for the agent, next first. */
  get queue(): readonly string[] {
    return this.prompts.pending;
  }
  private display: ToolDisplay = { entry: () => undefined, showsOutput: () => false };
  /** Writes raw bytes to the terminal between frames (set by the screen). */
  writeTerminal: (data: string) => void = () => undefined;
  /** Gives the terminal to a program (the editor of Ctrl+G) until it exits; set by the screen. */
  runInTerminal: TerminalRunner | undefined;
  /** Paints a key press's effect at once (set by the screen); defaults to a batched paint. */
  urgentPaint: () => void = () => this.onPaint();
  /** Images pasted as file paths, for the next message. */
  readonly attachments: ImageAttachments = new ImageAttachments({
    pasteText: (text) => this.router.pastePrompt(text),
    error: (text) => this.error(text),
    changed: () => this.onPaint(),
  });
  private readonly turns = new TurnRunner({
    transcript: this.transcript,
    core: () => this.core,
    conversation: () => this.conversation,
    display: () => this.display,
    attachments: this.attachments,
    report: this,
    followTail: () => this.view.followTail(),
    paint: () => this.onPaint(),
    prompts: this.prompts,
    idle: () => this.next(),
  });
  private readonly command = new SlashCommandRun({
    error: (text) => this.error(text),
    paint: () => this.onPaint(),
    disposed: () => this.disposed,
    startTurn: (text, display, options) => this.startTurn(text, display, options),
    idle: () => this.next(),
  });
  private readonly running = new AbortController();
  /** Aborted when the app is disposed: what runs beside the REPL (its web page) stops. */
  readonly lifetime = this.running.signal;
  private size = { width: 80, height: 20 };
  private disposed = false;

  /** The agent, attached once its modules are loaded (after the first paint). */
  core: AgentSession | undefined;
  /** The agent's conversation, attached with it. */
  conversation: Conversation | undefined;
  /** What the status line names before the agent is attached. */
  pendingLabel = { provider: 'agent', model: 'starting…' };

  constructor(
    private readonly onPaint: () => void,
    /** Quits the REPL with an exit code (0 by default). */
    private readonly onQuit: (code?: number) => void,
  ) {
    this.router = new KeyRouter(this.modals, {
      isBusy: () => this.busy,
      submit: (text, display, queue) => this.submit(text, display, queue),
      interrupt: () => {
        if (!this.core) return this.onQuit(130);
        this.prompts.interrupted();
        this.command.abort(new Error('interrupted by the person'));
        void this.conversation?.submit({ type: 'interrupt' });
      },
      takeQueued: () => {
        const text = this.prompts.takeForEditing();
        if (text !== undefined) this.onPaint();
        return text;
      },
      quit: () => this.onQuit(),
      notify: (text) => this.flash(text),
      scroll: (rows) => this.view.scroll(rows, this.size.width, this.size.height, this.frame),
      pageSize: () => this.size.height,
      toggleFold: () => this.toggleFold(),
      changed: () => this.urgentPaint(),
      cycleMode: () => this.cycleMode(),
      openEditor: (card) => void this.editInEditor(card),
      pasteImage: (text) => this.attachments.paste(text),
      dropAttachment: () => this.attachments.dropLast(),
      hasAttachments: () => this.attachments.list.length > 0,
    });
    this.transcript.onChange(() => this.onPaint());
    this.modals.onChange(() => {
      if (this.modals.active) this.view.followTail();
      this.onPaint();
    });
  }

  /** The host extensions get. */
  host(settings: ReplHost['settings']): ReplHost {
    return {
      transcript: this.transcript,
      modals: this.modals,
      requestPaint: () => this.onPaint(),
      viewportRows: () => this.size.height,
      followTail: () => this.view.followTail(),
      settings,
    };
  }

  get busy(): boolean {
    return !this.core || this.core.busy || this.command.running || this.turns.preparing;
  }

  /** Messages sent into the running turn that have not joined it yet. */
  get steering(): readonly string[] {
    return this.prompts.steering;
  }

  /** The spinner's frame, advanced while a turn runs. */
  get frame(): number {
    return this.turns.frame;
  }

  /** Rows of the transcript area the painters last laid out. */
  get viewportRows(): number {
    return this.size.height;
  }

  /** The transcript area the painters last laid out (for scrolling by pages). */
  setViewport(width: number, height: number): void {
    this.size = { width, height };
  }

  get viewport(): { width: number; height: number } {
    return this.size;
  }

  /**
   * `display`: what the transcript shows of a prompt with large pastes (their placeholders).
   * While a model turn runs the text goes into it (steering) unless `queue` asks for a turn after.
   */
  submit(text: string, display?: string, queue = false): void {
    // Whatever the person sends, they want to see what it does: back to the tail.
    this.view.followTail();
    if (isCommandText(text) && this.core) {
      void this.command.run(text.trim());
      return;
    }
    if (this.busy && text.trim() === '') {
      // Only images (Enter on an empty prompt): they wait for the next message.
      return this.flash('The attached images go with the next message, once this turn ends');
    }
    if (this.busy) {
      if (!queue && this.turns.steer(text)) return this.onPaint();
      this.prompts.add(text);
      this.onPaint();
      return;
    }
    if (text.trim().startsWith('!')) {
      void this.startShell(text.trim().slice(1).trim());
      return;
    }
    void this.startTurn(text, display, { typed: true });
  }

  info(text: string): void {
    this.transcript.add({ kind: 'info', text });
  }

  error(text: string): void {
    this.transcript.add({ kind: 'error', text });
  }

  /** Output printed by something other than the REPL (an SDK warning) while the screen is up. */
  printed(text: string): void {
    this.transcript.add({ kind: 'info', text: `⚠ ${text}` });
  }

  flash(text: string, ms = 2500): void {
    this.flashed.show(text, ms);
  }

  status(): StatusInfo {
    return statusInfo({
      core: this.core,
      pendingLabel: this.pendingLabel,
      modal: this.modals.active,
      commandRunning: this.command.running,
      turnRunning: this.turns.running,
      stats: this.turns.stats,
      notice: this.flashed.text,
      frame: this.frame,
    });
  }

  /** Stops what the app runs in the background; settles once its `@` listing has ended. */
  dispose(): Promise<void> {
    this.disposed = true;
    this.running.abort(new Error('quitting'));
    const listed = this.router.mentionList.index?.dispose();
    this.command.abort(new Error('quitting'));
    this.flashed.dispose();
    this.turns.dispose();
    return listed ?? Promise.resolve();
  }

  /** Runs a prompt now (the queue calls this in order); see TurnRunner.start. */
  startTurn(
    text: string,
    display?: string,
    options: { typed?: boolean; amends?: Amendment } = {},
  ): Promise<void> {
    return this.turns.start(text, display, options);
  }

  /**
   * The conversation started a turn (a prompt's, from here or another front end, a resumed
   * session's continuation, or a `!command`'s: `shell`).
   */
  turnStarted(started: TurnStarted): void {
    this.turns.turnStarted(started);
  }

  /** The conversation's turn ended. */
  turnEnded(result: TurnResult): void {
    this.turns.turnEnded(result);
  }

  /** A prompt ended before its turn started: what was queued behind another's goes now. */
  promptDropped(): void {
    this.turns.promptDropped();
  }

  /** `!command`: the conversation runs it in the shell now (see TurnRunner.shell). */
  startShell(command: string): Promise<void> {
    return this.turns.shell(command);
  }

  /** Expands every folded tool output and subagent, or folds them all again when none is folded. */
  toggleFold(): void {
    const outputs = this.transcript.segments.filter(
      (s) => s.kind === 'output' || s.kind === 'subagent',
    );
    const fold = !outputs.some((s) => s.folded);
    for (const segment of outputs) {
      segment.folded = fold;
      this.transcript.touch(segment);
    }
  }

  /**
   * Attaches the loaded agent: the conversation offers again what a resumed session left open,
   * then anything typed while it loaded is sent.
   */
  attach(agent: AttachedAgent): void {
    if (this.disposed) return;
    this.core = agent.session;
    this.conversation = agent.conversation;
    this.command.handler = agent.commands;
    this.display = agent.display;
    if (agent.listFiles) this.indexMentions(agent.listFiles);
    this.onPaint();
    // What a resumed session left open is offered again first, then what was typed meanwhile.
    agent.conversation.start();
    this.next();
  }

  /** The session's events: loop events drawn into the transcript, notices and save errors. */
  onRuntimeEvent(event: RuntimeEvent): void {
    if (event.type === 'notice') return this.info(event.text);
    if (event.type === 'save_error') {
      const text = event.error.message;
      return this.error(text.charAt(0).toUpperCase() + text.slice(1));
    }
    if (event.type === 'mode') return this.onPaint();
    if (event.type === 'tools_left_out') {
      return this.info(`${event.text} /mcp tools chooses which servers' tools are offered.`);
    }
    // MCP server changes and questions are shown by the MCP notices and the question's card.
    if (event.type === 'mcp_servers' || event.type === 'elicitation') return;
    this.turns.handle(event);
  }

  /** Ctrl+G: the prompt's text (or the card's) in the person's editor (see editPromptOrCard). */
  private async editInEditor(card?: EditableText): Promise<void> {
    await editPromptOrCard(this.router, card, this.runInTerminal, (note, ms) =>
      this.flash(note, ms),
    );
    this.urgentPaint();
  }

  /** Shift+Tab: default → accept edits → plan → default; the status line shows it. */
  private cycleMode(): void {
    if (!this.core)
      return this.flash(
        'The agent is still starting: Shift+Tab changes the mode once it is ready.',
      );
    void this.conversation?.submit({ type: 'mode', mode: runtime().nextMode(this.core.agentMode) });
  }

  /** The `@` list's index of workspace paths, listed now in the background. */
  private indexMentions(lister: (signal: AbortSignal) => Promise<string[]>): void {
    const list = this.router.mentionList;
    list.index = new MentionIndex(lister, () => {
      list.update(this.router.input.text, this.router.input.cursor);
      this.onPaint();
    });
    list.index.refresh();
  }

  /** Once idle: the next queued prompt, or after an interrupt what is held back in the input. */
  private next(): void {
    // Quitting ends the running turn: what was queued stays unsent.
    if (this.busy || this.disposed) return;
    const input = this.router.input;
    const next = this.prompts.next(input.text.trim() === '');
    if (!next) return;
    if ('send' in next) return this.submit(next.send);
    if ('held' in next)
      return this.flash('Held after the interrupt: ↑ on an empty prompt takes them back.');
    input.setText(next.edit);
    this.flash(backInInput(next), 5000);
  }
}
