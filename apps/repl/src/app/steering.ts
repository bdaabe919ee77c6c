import type { TurnResult } from '@agent/runtime';

/**
 * Messages the person sent into the running turn (Enter while it works) that have not joined it
 * yet: shown under the transcript until the model gets them at its next step, where they then
 * appear as prompts. What the turn never took comes back from it (`unsent`).
 */
export class Steering {
  readonly pending: string[] = [];

  /** `text` was sent into the running turn: shown as pending until it joins. */
  sent(text: string): void {
    this.pending.push(text);
  }

  /** `text` joined the turn (the loop's `user_message`). */
  joined(text: string): void {
    const index = this.pending.indexOf(text);
    if (index >= 0) this.pending.splice(index, 1);
  }

  /**
   * The turn ended: what it never gave the model, and whether the person stopped it (then the
   * messages go back to the input, never sent by themselves).
   */
  ended(result: TurnResult | undefined): { unsent: string[]; stopped: boolean } {
    this.pending.splice(0);
    const stopped = result?.reason === 'interrupted' || result?.reason === 'stopped';
    return { unsent: result?.unsent ?? [], stopped };
  }
}
