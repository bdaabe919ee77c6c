/**
 * The files a walk finds, handed to a search in batches of `batchSize` while the walk goes on,
 * so reading and matching start with the first directories instead of after the last one.
 */
export class FileFeed {
  private readonly files: string[] = [];
  private taken = 0;
  private ended = false;
  private failure: { error: unknown } | undefined;
  private waiting: { promise: Promise<void>; wake: () => void } | undefined;

  constructor(readonly batchSize: number) {}

  /** A feed of files known already. */
  static of(files: string[], batchSize: number): FileFeed {
    const feed = new FileFeed(batchSize);
    feed.files.push(...files);
    feed.end();
    return feed;
  }

  /** How many files were pushed so far. */
  get count(): number {
    return this.files.length;
  }

  /** Whether the walk ended and every file was taken. */
  get drained(): boolean {
    return this.ended && this.taken === this.files.length;
  }

  push(file: string): void {
    this.files.push(file);
    if (this.waiting && this.files.length - this.taken >= this.batchSize) this.wakeUp();
  }

  /** The walk found everything. */
  end(): void {
    this.ended = true;
    this.wakeUp();
  }

  /** The walk failed: {@link more} rejects with `error`. */
  fail(error: unknown): void {
    this.failure ??= { error };
    this.end();
  }

  /**
   * The next batch, or the rest once the walk ended; undefined while no batch is ready. Throws
   * what the walk failed with.
   */
  take(): string[] | undefined {
    if (this.failure) throw this.failure.error;
    const ready = this.files.length - this.taken;
    if (ready === 0 || (ready < this.batchSize && !this.ended)) return undefined;
    const batch = this.files.slice(this.taken, this.taken + this.batchSize);
    this.taken += batch.length;
    return batch;
  }

  /** Resolves once a batch is ready or the walk ended; rejects if it failed. */
  async more(): Promise<void> {
    if (!this.ended && this.files.length - this.taken < this.batchSize) {
      if (!this.waiting) {
        let wake = (): void => undefined;
        const promise = new Promise<void>((resolve) => (wake = resolve));
        this.waiting = { promise, wake };
      }
      await this.waiting.promise;
    }
    if (this.failure) throw this.failure.error;
  }

  private wakeUp(): void {
    const waiting = this.waiting;
    this.waiting = undefined;
    waiting?.wake();
  }
}
