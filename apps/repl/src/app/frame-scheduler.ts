/** One frame at 60 Hz. */
export const FRAME_MS = 16;

/**
 * Batches paint requests: however many arrive, `paint` runs at most once per frame, and never
 * synchronously inside the request. `flush` paints now if a paint is pending.
 */
export class FrameScheduler {
  private timer: NodeJS.Timeout | undefined;
  private lastPaint = -Infinity;
  paints = 0;

  constructor(
    private readonly paint: () => void,
    private readonly now: () => number = () => performance.now(),
  ) {}

  request(): void {
    if (this.timer) return;
    const wait = Math.max(0, this.lastPaint + FRAME_MS - this.now());
    this.timer = setTimeout(() => this.run(), wait);
  }

  flush(): void {
    if (!this.timer) return;
    clearTimeout(this.timer);
    this.run();
  }

  dispose(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
  }

  private run(): void {
    this.timer = undefined;
    this.lastPaint = this.now();
    this.paints++;
    this.paint();
  }
}
