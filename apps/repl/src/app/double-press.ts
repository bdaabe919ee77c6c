/**
 * Two presses within this window: Ctrl+C or Ctrl+D on an empty idle prompt quits, Esc on a typed
 * idle prompt clears it.
 */
export const DOUBLE_PRESS_MS = 2000;

/** Tells a key's second press in time from its first; `forget` starts over. */
export class DoublePress<K extends string> {
  private last: { key: K; at: number } | undefined;

  constructor(private readonly now: () => number) {}

  /** Whether `key` is the second press in time (then forgotten), else remembers this one. */
  second(key: K): boolean {
    const now = this.now();
    if (this.last?.key === key && now - this.last.at <= DOUBLE_PRESS_MS) {
      this.last = undefined;
      return true;
    }
    this.last = { key, at: now };
    return false;
  }

  forget(): void {
    this.last = undefined;
  }
}
