import type { Amendment } from '@agent/llm';

/**
 * Runs a slash command; resolves when it is done, with a prompt to send when the command is one
 * (a custom command, /init). `signal` aborts on Ctrl+C or quit. `beside`: the command already
 * running (`/compact`), when this one was sent during it.
 */
export type CommandHandler = (
  text: string,
  signal: AbortSignal,
  beside?: string,
) => Promise<void | { prompt: string; display: string; amends?: Amendment }>;

/** What a slash command's run needs of the app. */
export interface SlashCommandHost {
  error(text: string): void;
  paint(): void;
  disposed(): boolean;
  startTurn(text: string, display: string, options: { amends?: Amendment }): Promise<void>;
  /** Called once the command is done without a prompt to send. */
  idle(): void;
}

/**
 * The slash command the person sent: runs it through the attached handler, keeps it abortable
 * (Ctrl+C, quit) and sends the prompt it may resolve with as a turn.
 */
export class SlashCommandRun {
  handler: CommandHandler = async () => undefined;
  private abortController: AbortController | undefined;
  /** The name of the command running now. */
  private current: string | undefined;
  /** The commands running beside it. */
  private readonly beside = new Set<AbortController>();

  constructor(private readonly host: SlashCommandHost) {}

  /** A command runs (the app is busy and the status line says so). */
  get running(): boolean {
    return this.current !== undefined;
  }

  abort(reason: Error): void {
    this.abortController?.abort(reason);
    for (const beside of this.beside) beside.abort(reason);
  }

  async run(text: string): Promise<void> {
    if (this.current !== undefined) return this.runBeside(text, this.current);
    this.current = text.split(/\s/, 1)[0];
    this.host.paint();
    let prompt: Awaited<ReturnType<CommandHandler>> = undefined;
    try {
      this.abortController = new AbortController();
      prompt = await this.handler(text, this.abortController.signal);
    } catch (error) {
      this.host.error(error instanceof Error ? error.message : String(error));
    } finally {
      this.abortController = undefined;
      this.current = undefined;
      this.host.paint();
    }
    if (prompt && !this.host.disposed()) {
      await this.host.startTurn(prompt.prompt, prompt.display, {
        ...(prompt.amends ? { amends: prompt.amends } : {}),
      });
    } else this.host.idle();
  }

  /**
   * A command sent while another runs: one that may run during a turn runs beside it (it shows
   * what it shows; such commands send no prompt); any other is refused by the handler, as during
   * a turn. The running command stays the one that makes the app busy.
   */
  private async runBeside(text: string, running: string): Promise<void> {
    const controller = new AbortController();
    this.beside.add(controller);
    try {
      await this.handler(text, controller.signal, running);
    } catch (error) {
      this.host.error(error instanceof Error ? error.message : String(error));
    } finally {
      this.beside.delete(controller);
      this.host.paint();
    }
  }
}
