import type { LoopEvent } from '@agent/llm';

/**
 * The questionnaires (interactive calls) open in the running turn, and whether the session is
 * closing with them left open for resume (see AgentSession.close): from then on the turn's
 * events are no longer recorded, so the session file keeps them unanswered, as after a crash.
 */
export class OpenQuestions {
  private readonly open = new Set<string>();
  private leaving = false;

  constructor(private readonly isInteractive: (toolName: string) => boolean) {}

  track(event: LoopEvent): void {
    if (event.type === 'tool_start' && this.isInteractive(event.activity.name)) {
      this.open.add(event.activity.id);
    } else if (event.type === 'tool_end') this.open.delete(event.activity.id);
  }

  /** Leaves the open ones unanswered in the session file; nothing happens when none is open. */
  leaveOpen(): void {
    if (this.open.size > 0) this.leaving = true;
  }

  /** Whether the turn's events still go to the session file. */
  get recording(): boolean {
    return !this.leaving;
  }
}
