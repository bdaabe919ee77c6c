import type { Message, Provider } from '@agent/llm';

/** The conversation as the collaborators that write it see it (the session keeps it private). */
export interface ConversationView {
  messages: Message[];
  readonly provider: Provider;
}

/** A view whose reads and writes go to the owner's own fields. */
export function conversationView(owner: {
  read(): Message[];
  write(messages: Message[]): void;
  provider(): Provider;
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
  };
}
