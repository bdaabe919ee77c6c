/**
 * Holds a server's handshake (where the MCP SDK loads) until its first use, when the connection
 * was told to (`handshakeWhenUsed` with a remembered tool list); otherwise lets it go at once.
 * A call to a remembered tool while connecting waits here for the attempt to end.
 */
export class FirstUseGate {
  private usedOnce = false;
  private waitingForUse: (() => void) | undefined;

  /** The attempt to connect in progress, or the last one. */
  connecting: Promise<void> = Promise.resolve();

  constructor(private readonly held: boolean) {}

  /** The server is needed now: a handshake held for its first use starts. */
  use(): void {
    this.usedOnce = true;
    const go = this.waitingForUse;
    this.waitingForUse = undefined;
    go?.();
  }

  /** Resolves at once, or, for a handshake held for the first use, once `use()` is called. */
  firstUse(signal: AbortSignal): Promise<void> {
    if (!this.held || this.usedOnce) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const onAbort = (): void => reject(signal.reason);
      signal.addEventListener('abort', onAbort, { once: true });
      this.waitingForUse = () => {
        signal.removeEventListener('abort', onAbort);
        resolve();
      };
    });
  }

  /** Waits for the attempt to connect in progress to end, or rejects when `signal` aborts. */
  async connected(signal: AbortSignal): Promise<void> {
    signal.throwIfAborted();
    let onAbort = (): void => undefined;
    const aborted = new Promise<never>((_resolve, reject) => {
      onAbort = () => reject(signal.reason);
      signal.addEventListener('abort', onAbort, { once: true });
    });
    try {
      await Promise.race([this.connecting, aborted]);
    } finally {
      signal.removeEventListener('abort', onAbort);
    }
  }
}
