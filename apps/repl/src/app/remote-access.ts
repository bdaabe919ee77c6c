import type { Conversation } from '@agent/runtime';
import type { WebServer } from '@agent/web';

/**
 * The web page of the running session (`/remote`): at most one server, bound to 127.0.0.1,
 * showing the conversation's cards beside the terminal's (whichever answers first counts). It
 * closes with the REPL.
 */
export class RemoteAccess {
  private server: Promise<WebServer> | undefined;

  constructor(
    private readonly conversation: Conversation,
    private readonly lifetime: AbortSignal,
  ) {}

  private running: WebServer | undefined;

  /** The link that opens card `id` on the page, while a server runs (for notify.command). */
  cardUrl(id: string): string | undefined {
    return this.running?.cardUrl(id);
  }

  /** Starts the server unless it runs; its URL, and whether it started now. */
  async open(): Promise<{ url: string; started: boolean }> {
    if (this.server) return { url: (await this.server).url, started: false };
    // Loaded when asked for: the REPL starts without the web server's modules.
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { startWebServer } = require('@agent/web') as typeof import('@agent/web');
    const starting = startWebServer({ conversation: this.conversation, signal: this.lifetime });
    this.server = starting;
    try {
      const server = await starting;
      this.running = server;
      return { url: server.url, started: true };
    } catch (error) {
      this.server = undefined;
      throw error;
    }
  }

  /** Stops the server; false when none ran. */
  async close(): Promise<boolean> {
    const running = this.server;
    if (!running) return false;
    this.server = undefined;
    this.running = undefined;
    await (await running).close();
    return true;
  }
}
