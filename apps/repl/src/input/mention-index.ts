/** Paths the index keeps at most: a bigger workspace is listed up to here. */
export const MAX_INDEXED_PATHS = 200_000;

/** How old a listing may get before the next use lists the workspace again (in the background). */
export const INDEX_MAX_AGE_MS = 15_000;

export type IndexState = 'idle' | 'indexing' | 'ready' | 'failed';

/**
 * The workspace's paths for `@` completion, listed in the background (at start, and again on use
 * once older than {@link INDEX_MAX_AGE_MS}) so typing never waits for a listing: until the first
 * one is in, `state` says `indexing`; later listings replace the paths when they arrive. The
 * lister honours `.gitignore`. `onChange` is told when a listing lands or fails.
 */
export class MentionIndex {
  state: IndexState = 'idle';
  /** Why the last listing failed, when it did. */
  error: string | undefined;
  private list: readonly string[] = [];
  private builtAt = -Infinity;
  private building: Promise<void> | undefined;
  private readonly abort = new AbortController();

  constructor(
    private readonly lister: (signal: AbortSignal) => Promise<string[]>,
    private readonly onChange: () => void,
    private readonly now: () => number = () => Date.now(),
  ) {}

  get paths(): readonly string[] {
    return this.list;
  }

  /** Lists the workspace in the background unless a fresh listing is in (or one is running). */
  refresh(): void {
    if (this.building || this.abort.signal.aborted) return;
    // A listing that failed is tried again no sooner than a stale one.
    const settled = this.state === 'ready' || this.state === 'failed';
    if (settled && this.now() - this.builtAt < INDEX_MAX_AGE_MS) return;
    if (this.state !== 'ready') this.state = 'indexing';
    this.building = this.lister(this.abort.signal).then(
      (paths) => {
        this.list = paths.length > MAX_INDEXED_PATHS ? paths.slice(0, MAX_INDEXED_PATHS) : paths;
        this.state = 'ready';
        this.error = undefined;
        this.builtAt = this.now();
        this.settle();
      },
      (error: Error) => {
        // An older listing stays usable; without one, say why.
        if (this.state !== 'ready') this.state = 'failed';
        this.error = error.message;
        this.builtAt = this.now();
        this.settle();
      },
    );
  }

  /** Stops a running listing; nothing is listed after. Settles once the listing has ended. */
  dispose(): Promise<void> {
    this.abort.abort();
    return this.building ?? Promise.resolve();
  }

  private settle(): void {
    this.building = undefined;
    if (!this.abort.signal.aborted) this.onChange();
  }
}
