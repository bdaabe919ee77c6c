import type { Amendment } from '@agent/llm';

/**
 * Runs a slash command; resolves when it is done, with a prompt to send when the command is one
 * (a custom command, /init). `signal` aborts on Ctrl+C or quit.
 */
export type CommandHandler = (
  text: string,
  signal: AbortSignal,
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
  /** A command runs (the app is busy and the status line says so). */
  running = false;
  private abortController: AbortController | undefined;

  constructor(private readonly host: SlashCommandHost) {}

  abort(reason: Error): void {
    this.abortController?.abort(reason);
  }

  async run(text: string): Promise<void> {
    this.running = true;
    this.host.paint();
    let prompt: Awaited<ReturnType<CommandHandler>> = undefined;
    try {
      this.abortController = new AbortController();
      prompt = await this.handler(text, this.abortController.signal);
    } catch (error) {
      this.host.error(error instanceof Error ? error.message : String(error));
    } finally {
      this.abortController = undefined;
      this.running = false;
      this.host.paint();
    }
    if (prompt && !this.host.disposed()) {
      await this.host.startTurn(prompt.prompt, prompt.display, {
        ...(prompt.amends ? { amends: prompt.amends } : {}),
      });
    } else this.host.idle();
  }
}
