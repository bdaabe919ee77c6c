/** One frame at 60 Hz. */
export const FRAME_MS = 16;

/**
 * Batches paint requests: however many arrive, `paint` runs at most once per frame, and never
 * synchronously inside the request. `requestUrgent` (a key press) paints as soon as the current
 * event is handled, without waiting for the frame boundary. `flush` paints now if one is pending.
 */
export class FrameScheduler {
  private timer: NodeJS.Timeout | undefined;
  private immediate: NodeJS.Immediate | undefined;
  private disposed = false;
  private lastPaint = -Infinity;
  paints = 0;

  constructor(
    private readonly paint: () => void,
    private readonly now: () => number = () => performance.now(),
  ) {}

  request(): void {
    if (this.timer || this.immediate) return;
    const wait = Math.max(0, this.lastPaint + FRAME_MS - this.now());
    this.timer = setTimeout(() => this.run(), wait);
  }

  requestUrgent(): void {
    if (this.immediate) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    this.immediate = setImmediate(() => this.run());
  }

  flush(): void {
    if (!this.timer && !this.immediate) return;
    this.run();
  }

  dispose(): void {
    this.cancel();
    this.disposed = true;
  }

  private cancel(): void {
    if (this.timer) clearTimeout(this.timer);
    if (this.immediate) clearImmediate(this.immediate);
    this.timer = undefined;
    this.immediate = undefined;
  }

  private run(): void {
    this.cancel();
    if (this.disposed) return;
    this.lastPaint = this.now();
    this.paints++;
    this.paint();
  }
}
