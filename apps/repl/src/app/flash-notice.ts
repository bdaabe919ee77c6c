/**
 * The status line's passing notice: one text at a time, shown for a while and then gone (a newer
 * one replaces it and its timer). `changed` asks for a frame when it comes and goes.
 */
export class FlashNotice {
  private current: string | undefined;
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly changed: () => void) {}

  get text(): string | undefined {
    return this.current;
  }

  show(text: string, ms: number): void {
    this.current = text;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.current = undefined;
      this.changed();
    }, ms);
    this.timer.unref?.();
    this.changed();
  }

  dispose(): void {
    if (this.timer) clearTimeout(this.timer);
  }
}
