import type { AgentSession } from '@agent/runtime';
import type { Amendment, LoopEvent } from '@agent/llm';
import type { Transcript } from '../view/transcript';
import type { ImageAttachments } from './image-attachments';
import { attachToPrompt, type AttachReport } from './prompt-attachments';
import type { PromptQueue } from './prompt-queue';
import { Steering } from './steering';
import { PERSON_SHELL_DISPLAY, TurnRenderer, type ToolDisplay } from './turn-renderer';
import { TurnStats } from './turn-stats';

/** What the turn runner needs of the app. */
export interface TurnHost {
  readonly transcript: Transcript;
  /** The agent, once attached. */
  core(): AgentSession | undefined;
  /** Which tools the model's turns show specially (the attached agent's). */
  display(): ToolDisplay;
  /** Images pasted for the next message. */
  readonly attachments: ImageAttachments;
  /** Where a prompt's attachments are reported. */
  readonly report: AttachReport;
  /** Back to the transcript's tail: the person wants to see what they started. */
  followTail(): void;
  paint(): void;
  /** Where the messages sent into a turn that it never took go back to. */
  readonly prompts: PromptQueue;
  /** A turn ended: the app hands on to whatever waits. */
  idle(): void;
}

/**
 * Runs the REPL's turns one at a time: a prompt for the model, a resumed turn's continuation,
 * a `!command`. Each draws its events into the transcript, counts its time and tokens and spins
 * the status line's spinner while it runs.
 */
export class TurnRunner {
  /** Messages sent into the running turn that have not joined it yet. */
  readonly steering = new Steering();
  readonly stats = new TurnStats();
  /** The spinner's frame, advanced while a turn runs. */
  frame = 0;
  private renderer: TurnRenderer | undefined;
  private modelTurn = false;
  private preparingPrompt = false;
  private spinner: NodeJS.Timeout | undefined;
  /** A resumed turn waits for the core to be attached (see `continueTurn`). */
  private continuePending = false;

  constructor(private readonly host: TurnHost) {}

  /** A model turn runs (not a continuation or a `!command`): steering goes into it. */
  get running(): boolean {
    return this.modelTurn;
  }

  /** A prompt's mentions are being read before its turn starts. */
  get preparing(): boolean {
    return this.preparingPrompt;
  }

  /**
   * Runs a prompt now: its `@path` mentions are attached (one compact line each in the
   * transcript). `display` is what a command's prompt shows instead.
   */
  async start(
    text: string,
    display?: string,
    options: { attachMentions?: boolean; amends?: Amendment } = {},
  ): Promise<void> {
    const { host } = this;
    host.followTail();
    host.transcript.add({ kind: 'user', text: display ?? text });
    this.preparingPrompt = true;
    const attach = options.attachMentions ?? display === undefined;
    const { prompt, images } = await attachToPrompt(
      text,
      { core: host.core(), pasted: host.attachments, mentions: attach },
      host.report,
    );
    this.preparingPrompt = false;
    this.begin(host.display());
    this.stats.start();
    this.modelTurn = true;
    host.paint();
    const shown = prompt === text ? display : (display ?? text);
    const amends = options.amends ? { amends: options.amends } : {};
    const result = await host
      .core()
      ?.runTurn(prompt, { display: shown, ...amends, ...(images.length ? { images } : {}) })
      .catch(() => undefined);
    const { unsent, stopped } = this.steering.ended(result);
    host.prompts.returnUnsent(unsent, stopped);
    this.modelTurn = false;
    this.end();
  }

  /**
   * Continues a resumed turn cut off while a questionnaire or plan was open (the core's last message has
   * its calls pending again): the card opens for the same call and the model goes on. Waits for
   * the core when it is not attached yet.
   */
  continueTurn(): void {
    if (!this.host.core()) {
      this.continuePending = true;
      return;
    }
    void this.runContinuation();
  }

  /** The core is attached: runs the continuation that waited for it; false when none did. */
  continueIfPending(): boolean {
    if (!this.continuePending) return false;
    this.continuePending = false;
    void this.runContinuation();
    return true;
  }

  /** `!command`: runs it in the shell now, output shown live and added to the conversation. */
  async shell(command: string): Promise<void> {
    const { host } = this;
    host.followTail();
    if (command === '')
      return host.report.error('Type a command after ! (for example !git status).');
    host.transcript.add({ kind: 'user', text: `!${command}` });
    this.begin(PERSON_SHELL_DISPLAY);
    host.paint();
    await host
      .core()
      ?.runShell(command)
      .catch((error: Error) => host.report.error(error.message));
    this.end();
  }

  /** Sends `text` into the running model turn; false when none runs or it takes none. */
  steer(text: string): boolean {
    return this.modelTurn && this.steering.send(this.host.core(), text);
  }

  /** A loop event of the running turn: counted and drawn. */
  handle(event: LoopEvent): void {
    this.stats.handle(event);
    if (event.type === 'user_message') this.steering.joined(event.text);
    this.renderer?.handle(event);
  }

  dispose(): void {
    this.stopSpinner();
  }

  private async runContinuation(): Promise<void> {
    this.host.followTail();
    this.begin(this.host.display());
    this.host.paint();
    await this.host
      .core()
      ?.runTurn(undefined)
      .catch(() => undefined);
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
