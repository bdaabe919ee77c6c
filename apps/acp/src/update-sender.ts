import type { AgentContext, SessionUpdate } from './schema';

/**
 * Sends one session's `session/update` notifications in order. Requests to the editor about the
 * same calls (a permission, a form) and the prompt's response wait for `flushed()`, so the editor
 * always hears of a call before it is asked about it, and of every update before the turn ends.
 */
export class UpdateSender {
  private chain: Promise<void> = Promise.resolve();

  constructor(
    private readonly client: AgentContext,
    private readonly sessionId: () => string,
    private readonly log: (text: string) => void,
  ) {}

  send(update: SessionUpdate): void {
    const params = { sessionId: this.sessionId(), update };
    this.chain = this.chain
      .then(() => this.client.notify('session/update', params))
      .catch((error: unknown) => {
        this.log(
          `session/update not sent: ${error instanceof Error ? error.message : String(error)}`,
        );
      });
  }

  /** Resolves once every update sent so far is written (or failed, which is logged). */
  flushed(): Promise<void> {
    return this.chain;
  }
}
