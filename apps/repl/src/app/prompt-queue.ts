/** A message the person sent while the agent worked: into its turn (Enter) or for after it (Tab). */
interface Entry {
  text: string;
  /** Sent into the running turn, which has not given it to the model yet. */
  steer: boolean;
}

/** What to do once idle (see `PromptQueue.next`). */
export type NextPrompt =
  | { send: string }
  | { edit: string; count: number; more: number; interrupted: boolean }
  | { held: number };

/**
 * Everything the person sent while the agent worked, in the order they sent it: messages sent
 * into the running turn (steering) until the model takes them, and prompts queued for after it,
 * sent one at a time once it is idle. After an interrupt they are held: they come back to the
 * input for editing instead of going out, all at once and in order, except that a `!command`
 * comes back on its own (joined, a prompt for the model would run through the shell).
 */
export class PromptQueue {
  private readonly entries: Entry[] = [];
  private held = false;
  /** Held by an interrupt whose messages have not come back to the input yet. */
  private fresh = false;

  /** The queued prompts, next first. */
  get pending(): readonly string[] {
    return this.entries.filter((e) => !e.steer).map((e) => e.text);
  }

  /** The messages sent into the running turn that it has not taken yet. */
  get steering(): readonly string[] {
    return this.entries.filter((e) => e.steer).map((e) => e.text);
  }

  /** Tab while the agent works: `text` is for after the turn. */
  add(text: string): void {
    this.entries.push({ text, steer: false });
  }

  /** `text` was sent into the running turn: shown as pending until it joins. */
  steered(text: string): void {
    this.entries.push({ text, steer: true });
  }

  /** `text` joined the turn (the loop's `user_message`). */
  joined(text: string): void {
    const index = this.entries.findIndex((e) => e.steer && e.text === text);
    if (index >= 0) this.entries.splice(index, 1);
  }

  /** The turn refused `text` (it had ended): it waits for the next turn instead. */
  refused(text: string): void {
    this.joined(text);
    this.add(text);
  }

  /** An interrupt: what waits now is held. */
  interrupted(): void {
    this.hold(this.entries.length > 0);
  }

  /**
   * The turn ended with messages it never gave the model (`unsent`; ones sent from elsewhere, the
   * web page, go first). Stopped by the person, they stay where they were sent among the queued
   * prompts, all held; else they were meant for now, so they go before the queued prompts.
   */
  turnEnded(unsent: readonly string[], stopped: boolean): void {
    const left = [...unsent];
    const untaken: Entry[] = [];
    for (let i = this.entries.length - 1; i >= 0; i--) {
      const entry = this.entries[i]!;
      if (!entry.steer) continue;
      const at = left.lastIndexOf(entry.text);
      if (at >= 0) {
        left.splice(at, 1);
        entry.steer = false;
        if (stopped) continue;
        untaken.unshift(entry);
      }
      this.entries.splice(i, 1);
    }
    this.entries.unshift(...left.map((text) => ({ text, steer: false })), ...untaken);
    if (stopped && this.entries.length > 0) this.hold(true);
  }

  /** ↑ on an empty prompt: when held, what would come back next; else the prompt queued last. */
  takeForEditing(): string | undefined {
    if (this.held) return this.takeHeld();
    const index = this.entries.findLastIndex((e) => !e.steer);
    return index < 0 ? undefined : this.entries.splice(index, 1)[0]!.text;
  }

  /**
   * What to do once idle: send the next prompt, or, when held, give back to an empty input every
   * message up to the next `!command` (which comes alone), joined in order.
   */
  next(inputEmpty: boolean): NextPrompt | undefined {
    if (!this.held) {
      const index = this.entries.findIndex((e) => !e.steer);
      return index < 0 ? undefined : { send: this.entries.splice(index, 1)[0]!.text };
    }
    if (this.entries.length === 0 || !inputEmpty) {
      // The person is writing: theirs goes first, and what is held comes back after it.
      this.held = this.entries.length > 0;
      this.fresh = false;
      return this.held ? { held: this.entries.length } : undefined;
    }
    const interrupted = this.fresh;
    const before = this.entries.length;
    const edit = this.takeHeld()!;
    const count = before - this.entries.length;
    return { edit, count, more: this.entries.length, interrupted };
  }

  private hold(held: boolean): void {
    this.held = held;
    this.fresh = held;
  }

  /** The held messages up to the next `!command`, joined; a `!command` alone. */
  private takeHeld(): string | undefined {
    const first = this.entries[0];
    if (!first || first.steer) return undefined;
    let end = 1;
    const joins = (e: Entry) => !e.steer && !isShell(e.text);
    if (!isShell(first.text)) {
      while (end < this.entries.length && joins(this.entries[end]!)) end++;
    }
    const texts = this.entries.splice(0, end).map((e) => e.text);
    this.fresh = false;
    this.held = this.entries.some((e) => !e.steer);
    return texts.join('\n\n');
  }
}

function isShell(text: string): boolean {
  return text.trim().startsWith('!');
}
