/**
 * Prompts typed while the agent works, sent one at a time once it is idle. After an interrupt
 * they are held: they come back to the input for editing instead of going out.
 */
export class PromptQueue {
  private readonly items: string[] = [];
  private held = false;

  /** The queued prompts, next first. */
  get pending(): readonly string[] {
    return this.items;
  }

  add(text: string): void {
    this.items.push(text);
  }

  /** An interrupt: what is queued now is held. */
  interrupted(): void {
    this.held = this.items.length > 0;
  }

  /** ↑ on an empty prompt: when held, the next one in order; else the one typed last. */
  takeForEditing(): string | undefined {
    const text = this.held ? this.items.shift() : this.items.pop();
    if (this.items.length === 0) this.held = false;
    return text;
  }

  /** Messages sent into a turn that it never took go first; held when the turn was stopped. */
  returnUnsent(unsent: readonly string[], stopped: boolean): void {
    this.items.unshift(...unsent);
    if (stopped && unsent.length > 0) this.held = true;
  }

  /**
   * What to do once idle: send the next prompt, or, when held, give the next one back to an
   * empty input (one at a time, each as typed, so a `!command` and a prompt for the model never
   * become one text that Enter would run through the shell).
   */
  next(
    inputEmpty: boolean,
  ): { send: string } | { edit: string; more: number } | { held: number } | undefined {
    if (!this.held) {
      const text = this.items.shift();
      return text === undefined ? undefined : { send: text };
    }
    if (this.items.length === 0 || !inputEmpty) {
      this.held = this.items.length > 0;
      return this.held ? { held: this.items.length } : undefined;
    }
    const edit = this.items.shift()!;
    this.held = this.items.length > 0;
    return { edit, more: this.items.length };
  }
}
