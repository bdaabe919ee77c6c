import type { Message, Provider } from '@agent/llm';

/** The conversation as the collaborators that write it see it (the session keeps it private). */
export interface ConversationView {
  messages: Message[];
  readonly provider: Provider;
  /** Waits for what the provider's server says about its window, when that was asked. */
  providerReady(signal: AbortSignal): Promise<void>;
}

/** A view whose reads and writes go to the owner's own fields. */
export function conversationView(owner: {
  read(): Message[];
  write(messages: Message[]): void;
  provider(): Provider;
  providerReady?(signal: AbortSignal): Promise<void>;
}): ConversationView {
  return {
    get messages() {
      return owner.read();
    },
    set messages(messages: Message[]) {
      owner.write(messages);
    },
    get provider() {
      return owner.provider();
    },
    providerReady: (signal) => owner.providerReady?.(signal) ?? Promise.resolve(),
  };
}
