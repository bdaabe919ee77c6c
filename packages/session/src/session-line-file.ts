import type { promises as fs } from 'node:fs';

/**
 * The append-only side of one session file: lines are queued and handed to the OS soon after
 * (one write per tick), `sync` and `flush` write what is left and fsync, and every failure goes
 * to `onError`, or is held for the next `flush` without it. A file with no handle (a session
 * that cannot be saved) drops its lines. Closing releases the session's lock.
 */
export class SessionLineFile {
  private buffer: string[] = [];
  private chain: Promise<void> = Promise.resolve();
  private writeScheduled = false;
  private failure: Error | undefined;
  /** Written since the last fsync. */
  private unsynced = false;
  private isClosed = false;

  constructor(
    readonly path: string,
    private readonly handle: fs.FileHandle | undefined,
    private readonly onError: ((error: Error) => void) | undefined,
    private readonly unlock: () => Promise<void>,
  ) {}

  /** Whether lines reach a file. */
  get saved(): boolean {
    return this.handle !== undefined;
  }

  get closed(): boolean {
    return this.isClosed;
  }

  /** Queues `line` (ending in a newline); it is written on the next tick. */
  push(line: string): void {
    this.buffer.push(line);
    if (this.writeScheduled) return;
    this.writeScheduled = true;
    setImmediate(() => {
      this.writeScheduled = false;
      this.chain = this.chain.then(() => this.writeBuffer());
    });
  }

  /** Writes what is queued and fsyncs, after the writes already under way; does not wait. */
  sync(): void {
    this.chain = this.chain.then(() => this.writeAndSync());
  }

  /** Writes everything queued and fsyncs. Rejects with a failure not delivered to `onError`. */
  async flush(): Promise<void> {
    this.sync();
    await this.chain;
    const failure = this.failure;
    this.failure = undefined;
    if (failure) throw failure;
  }

  /** Flushes, closes the file and releases the lock. */
  async close(): Promise<void> {
    if (this.isClosed) return;
    try {
      await this.flush();
    } finally {
      this.isClosed = true;
      try {
        await this.handle?.close();
      } finally {
        await this.unlock();
      }
    }
  }

  fail(error: Error): void {
    if (this.onError) this.onError(error);
    else this.failure ??= error;
  }

  private async writeAndSync(): Promise<void> {
    await this.writeBuffer();
    if (!this.unsynced) return;
    this.unsynced = false;
    await this.handle?.sync().catch((error: Error) => this.fail(error));
  }

  private async writeBuffer(): Promise<void> {
    if (this.buffer.length === 0) return;
    const text = this.buffer.join('');
    this.buffer = [];
    if (!this.handle) return;
    try {
      // A nearly full disk takes part of a write without an error: the rest is written (or
      // fails with ENOSPC) by the next call, so no part of a line is dropped unreported.
      const bytes = Buffer.from(text);
      for (let done = 0; done < bytes.length;) {
        const { bytesWritten } = await this.handle.write(bytes, done);
        if (bytesWritten === 0) throw new Error(`${this.path}: the disk took nothing written`);
        done += bytesWritten;
        this.unsynced = true;
      }
    } catch (error) {
      this.fail(error as Error);
    }
  }
}
