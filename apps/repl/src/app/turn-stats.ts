import type { LoopEvent } from '@agent/llm';
import type { TurnActivityInfo } from '../view/status-line';

/** About four characters of English text per token, for the estimate before a count arrives. */
const CHARS_PER_TOKEN = 4;

/**
 * Elapsed time and output tokens of the running turn. Each model call counts the larger of the
 * provider's reported output tokens and an estimate from the text streamed so far.
 */
export class TurnStats {
  private startedAt = 0;
  private finished = 0;
  private reported = 0;
  private chars = 0;

  constructor(private readonly now: () => number = Date.now) {}

  start(): void {
    this.startedAt = this.now();
    this.finished = 0;
    this.reported = 0;
    this.chars = 0;
  }

  handle(event: LoopEvent): void {
    if (event.type === 'text_delta') this.chars += event.text.length;
    else if (event.type === 'usage') {
      this.reported = Math.max(this.reported, event.usage.outputTokens);
    } else if (event.type === 'assistant_message') {
      this.finished += this.current();
      this.reported = 0;
      this.chars = 0;
    }
  }

  info(): TurnActivityInfo {
    return { elapsedMs: this.now() - this.startedAt, tokens: this.finished + this.current() };
  }

  private current(): number {
    return Math.max(this.reported, Math.ceil(this.chars / CHARS_PER_TOKEN));
  }
}
