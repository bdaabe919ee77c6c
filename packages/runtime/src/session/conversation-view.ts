import type { Message, Provider, ToolHistoryMode } from '@agent/llm';
import type { SessionProvider } from '../provider/session-provider';

/** The conversation as the collaborators that write it see it (the session keeps it private). */
export interface ConversationView {
  messages: Message[];
  readonly provider: Provider;
  /** Waits for what the provider's server says about its window, when that was asked. */
  providerReady(signal: AbortSignal): Promise<void>;
}

/**
 * A session's conversation: its messages (only the runtime writes them), what raw tool output
 * later requests keep, and the provider the next request goes to.
 */
export class SessionConversation implements ConversationView {
  messages: Message[] = [];

  constructor(
    private readonly providers: SessionProvider,
    public toolHistory: ToolHistoryMode,
  ) {}

  get provider(): Provider {
    return this.providers.current;
  }

  providerReady(signal: AbortSignal): Promise<void> {
    return this.providers.ready(signal);
  }
}
