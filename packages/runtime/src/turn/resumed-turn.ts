import { projectSession } from '@agent/session';
import type { QuestionnaireProgress } from '@agent/tools';
import type { SavedSession } from '../session-file/find-session';

/**
 * What a resumed session left open: the questionnaires and plans the next turn offers again
 * through the person channel, under their call ids, with the answers they had when the process
 * went away. Where no person answers their kind (headless, whose policy answers a plan at once)
 * they are closed as interrupted, as the session was loaded.
 */
export class ResumedTurn {
  private open: string[] = [];
  private earlier: Record<string, QuestionnaireProgress> = {};

  constructor(
    /** Whether somebody here answers questionnaires, and which tools ask them. */
    private readonly asks: () => ((toolName: string) => boolean) | undefined,
  ) {}

  /** The calls the next `runTurn()` offers again. */
  get openCalls(): readonly string[] {
    return this.open;
  }

  /** The answers call `callId` had before (while its turn is being continued). */
  earlierAnswers(callId: string): QuestionnaireProgress | undefined {
    return this.earlier[callId];
  }

  /** The saved session's conversation, its open questionnaires kept pending where they can be asked. */
  adopt(saved: SavedSession): SavedSession['projection'] {
    this.clear();
    const asks = this.asks();
    // Nothing was left open that somebody here could answer: the saved projection stands.
    if (!asks || !saved.projection.closedOpen?.some((name) => asks(name))) return saved.projection;
    const projection = projectSession(saved.events, { keepOpen: (call) => asks(call.name) });
    this.open = projection.openCalls;
    this.earlier = projection.openProgress;
    const { messages, openCalls, openProgress } = projection;
    const { closedOpen: _closed, ...facts } = saved.projection;
    return { ...facts, messages, openCalls, openProgress };
  }

  /** A turn starts: what was open is being offered now. */
  started(): void {
    this.open = [];
  }

  /** The turn ended: the answers from before served it. */
  ended(): void {
    this.earlier = {};
  }

  clear(): void {
    this.open = [];
    this.earlier = {};
  }
}
