import type { AgentSession, Conversation, ConversationEvent, TurnResult } from '@agent/runtime';
import type { Amendment, LoopEvent } from '@agent/llm';
import type { Transcript } from '../view/transcript';
import type { Segment } from '../view/segment';
import type { ImageAttachments } from './image-attachments';
import { attachToPrompt, type AttachedPrompt, type AttachReport } from './prompt-attachments';
import { promptSegments } from './prompt-segments';
import type { PromptQueue } from './prompt-queue';
import { PERSON_SHELL_DISPLAY, TurnRenderer, type ToolDisplay } from './turn-renderer';
import { TurnStats } from './turn-stats';

/** What the conversation says of a turn it starts. */
export type TurnStarted = Omit<Extract<ConversationEvent, { type: 'turn_started' }>, 'type'>;

/** What the turn runner needs of the app. */
export interface TurnHost {
  readonly transcript: Transcript;
  /** The agent, once attached. */
  core(): AgentSession | undefined;
  /** The conversation the turns go through, once attached. */
  conversation(): Conversation | undefined;
  /** Which tools the model's turns show specially (the attached agent's). */
  display(): ToolDisplay;
  /** Images pasted for the next message. */
  readonly attachments: ImageAttachments;
  /** Where a prompt's attachments are reported. */
  readonly report: AttachReport;
  /** Back to the transcript's tail: the person wants to see what they started. */
  followTail(): void;
  paint(): void;
  /** What the person sent while the agent worked: steering and queued prompts. */
  readonly prompts: PromptQueue;
  /** A turn ended: the app hands on to whatever waits. */
  idle(): void;
}

/**
 * Draws the REPL's turns one at a time: a prompt submitted to the conversation, the continuation
 * of what a resumed session left open (which the conversation starts), a `!command`. Each draws
 * its events into the transcript, counts its time and tokens and spins the status line's spinner
 * while it runs; a turn ends with the conversation's `turn_ended`.
 */
export class TurnRunner {
  readonly stats = new TurnStats();
  /** The spinner's frame, advanced while a turn runs. */
  frame = 0;
  private renderer: TurnRenderer | undefined;
  private modelTurn = false;
  private preparingPrompt = false;
  /** A conversation turn is drawn (from its start, or from the prompt submitted for it). */
  private drawing = false;
  /** The turn drawn is a `!command`'s. */
  private shellTurn = false;
  /** A prompt is with the conversation, which has not started its turn yet. */
  private submitting = false;
  private spinner: NodeJS.Timeout | undefined;

  constructor(private readonly host: TurnHost) {}

  /** A model turn runs (not a continuation or a `!command`): steering goes into it. */
  get running(): boolean {
    return this.modelTurn;
  }

  /** A prompt is on its way: its mentions are being read, or it waits for its turn to start. */
  get preparing(): boolean {
    return this.preparingPrompt || this.submitting;
  }

  /**
   * Submits a prompt: its `@path` mentions are attached first (one compact line each in the
   * transcript). `display` is what a command's prompt shows instead; `typed`: the person typed it
   * (its mentions are attached). Resolves once the conversation took it (or refused it, said as an
   * error line).
   */
  async start(
    text: string,
    display?: string,
    options: { typed?: boolean; amends?: Amendment } = {},
  ): Promise<void> {
    const { host } = this;
    host.followTail();
    const line = host.transcript.add({ kind: 'user', text: display ?? text });
    this.preparingPrompt = true;
    const attached = await attachToPrompt(text, {
      core: host.core(),
      pasted: host.attachments,
      mentions: options.typed ?? display === undefined,
    });
    this.preparingPrompt = false;
    const conversation = host.conversation();
    if (!conversation) return;
    // Another front end (the web page) started a turn while the mentions were read.
    if (conversation.busy) return this.startedElsewhere(line, text, display, options, attached);
    attached.report(host.report);
    const { prompt, images } = attached;
    this.begin(host.display());
    this.drawing = true;
    this.stats.start();
    this.modelTurn = true;
    host.paint();
    const shown = prompt === text ? display : (display ?? text);
    this.submitting = true;
    const accepted = await conversation.submit({
      type: 'prompt',
      text: prompt,
      attach: false,
      ...(shown !== undefined ? { display: shown } : {}),
      ...(options.amends ? { amends: options.amends } : {}),
      ...(images.length ? { images } : {}),
    });
    this.submitting = false;
    if (!accepted.ok && this.drawing) {
      if (accepted.reason !== 'interrupted') host.report.error(`Not sent: ${accepted.reason}`);
      this.ended(undefined);
    }
  }

  /**
   * The conversation started a turn: drawn from here unless the REPL's own submit already was
   * (its prompt's or `!command`'s). A prompt another front end (the web page) submitted starts
   * with the person's line, drawn as a replay draws it. `shell`: a `!command`'s turn.
   */
  turnStarted({ prompt, display, images = [], shell }: TurnStarted = {}): void {
    if (this.drawing) return;
    const { host } = this;
    host.followTail();
    if (prompt !== undefined) {
      const shown = { shown: display ?? prompt, sent: prompt, images };
      const segments = promptSegments(display !== undefined ? { ...shown, display } : shown);
      for (const segment of segments) host.transcript.add(segment);
    }
    this.shellTurn = shell !== undefined;
    this.begin(this.shellTurn ? PERSON_SHELL_DISPLAY : host.display());
    this.drawing = true;
    host.paint();
  }

  /**
   * The conversation's turn ended with `result`. While a prompt is being submitted, that was the
   * resumed session's continuation the conversation ran first: the prompt's turn follows.
   */
  turnEnded(result: TurnResult): void {
    if (!this.drawing || this.submitting) return;
    // A model turn says its own error (its turn_end); a command that could not run does not.
    if (this.shellTurn && result.reason === 'error' && result.error) {
      this.host.report.error(result.error);
    }
    this.ended(result);
  }

  /**
   * `!command`: submitted to the conversation, which runs it in the shell now as a turn of its
   * own; its output is shown live and added to the conversation.
   */
  async shell(command: string): Promise<void> {
    const { host } = this;
    host.followTail();
    if (command === '')
      return host.report.error('Type a command after ! (for example !git status).');
    const conversation = host.conversation();
    if (!conversation) return;
    host.transcript.add({ kind: 'user', text: `!${command}` });
    this.begin(PERSON_SHELL_DISPLAY);
    this.drawing = true;
    this.shellTurn = true;
    host.paint();
    const accepted = await conversation.submit({ type: 'shell', command });
    if (!accepted.ok && this.drawing) {
      host.report.error(`Not run: ${accepted.reason}`);
      this.ended(undefined);
    }
  }

  /**
   * Sends `text` into the running model turn; false when none runs. A turn that ended before it
   * took the text gives it back to the prompt queue.
   */
  steer(text: string): boolean {
    const conversation = this.host.conversation();
    if (!this.modelTurn || !conversation) return false;
    this.host.prompts.steered(text);
    void conversation.submit({ type: 'steer', text }).then((result) => {
      if (result.ok) return;
      this.host.prompts.refused(text);
      this.host.paint();
    });
    return true;
  }

  /** A loop event of the running turn: counted and drawn. */
  handle(event: LoopEvent): void {
    this.stats.handle(event);
    if (event.type === 'user_message') this.host.prompts.joined(event.text);
    this.renderer?.handle(event);
  }

  dispose(): void {
    this.stopSpinner();
  }

  /**
   * A prompt ended before its turn started. Another front end's (interrupted while it waited for
   * the servers) leaves no turn to end, so what the person queued behind it goes now; the REPL's
   * own is ended where it was submitted.
   */
  promptDropped(): void {
    if (this.submitting || this.drawing || this.preparingPrompt) return;
    this.host.idle();
  }

  /**
   * A turn started elsewhere before the prompt went out: what the person typed is queued, as if
   * typed while that turn ran (its line and images back to where a queued prompt's are). A
   * command's prompt, which they did not type as such, is not sent.
   */
  private startedElsewhere(
    line: Segment,
    text: string,
    display: string | undefined,
    options: { typed?: boolean },
    attached: AttachedPrompt,
  ): void {
    const { host } = this;
    host.transcript.remove(line);
    host.attachments.giveBack(attached.pasted);
    if (options.typed) host.prompts.add(text);
    else
      host.report.error(
        `Not sent: a turn started meanwhile; send ${display ?? 'it'} again once it ends`,
      );
    host.paint();
  }

  /** Counts and draws the turn's end; the prompts it never took go back to the queue. */
  private ended(result: TurnResult | undefined): void {
    if (this.modelTurn) {
      const stopped = result?.reason === 'interrupted' || result?.reason === 'stopped';
      this.host.prompts.turnEnded(result?.unsent ?? [], stopped);
    }
    this.modelTurn = false;
    this.drawing = false;
    this.shellTurn = false;
    this.end();
  }

  private begin(display: ToolDisplay): void {
    this.renderer = new TurnRenderer(this.host.transcript, display);
    this.spinner ??= setInterval(() => {
      this.frame++;
      this.host.paint();
    }, 80);
  }

  private end(): void {
    this.stopSpinner();
    this.host.paint();
    this.host.idle();
  }

  private stopSpinner(): void {
    if (this.spinner) clearInterval(this.spinner);
    this.spinner = undefined;
  }
}
