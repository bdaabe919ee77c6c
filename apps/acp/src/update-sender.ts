import type { AgentContext, SessionUpdate } from './schema';

/**
 * Sends one session's `session/update` notifications in order. Requests to the editor about the
 * same calls (a permission, a form) and the prompt's response wait for `flushed()`, so the editor
 * always hears of a call before it is asked about it, and of every update before the turn ends.
 * ACP creates a tool call once: a `tool_call` for an id this session already announced (a call
 * the load replayed as pending, offered again by the continued turn) goes as `tool_call_update`.
 */
export class UpdateSender {
  private chain: Promise<void> = Promise.resolve();
  private readonly announced = new Set<string>();

  constructor(
    private readonly client: AgentContext,
    private readonly sessionId: () => string,
    private readonly log: (text: string) => void,
  ) {}

  send(update: SessionUpdate): void {
    const params = { sessionId: this.sessionId(), update: this.once(update) };
    this.chain = this.chain
      .then(() => this.client.notify('session/update', params))
      .catch((error: unknown) => {
        this.log(
          `session/update not sent: ${error instanceof Error ? error.message : String(error)}`,
        );
      });
  }

  private once(update: SessionUpdate): SessionUpdate {
    if (update.sessionUpdate !== 'tool_call') return update;
    if (!this.announced.has(update.toolCallId)) {
      this.announced.add(update.toolCallId);
      return update;
    }
    return { ...update, sessionUpdate: 'tool_call_update' };
  }

  /** Resolves once every update sent so far is written (or failed, which is logged). */
  flushed(): Promise<void> {
    return this.chain;
  }
}
