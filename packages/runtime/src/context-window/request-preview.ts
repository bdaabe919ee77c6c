import { buildRequest, type Message, type Provider, type ProviderRequest } from '@agent/llm';
import type { ToolRegistry } from '@agent/tools';
import type { MeterSubject } from './context-meter';
import type { ConversationView } from '../session/conversation-view';
import type { SessionModes } from '../modes/session-modes';

/**
 * The request the conversation would send next (before a new prompt), as the loop builds it:
 * from the last checkpoint on, dangling calls closed, old results pruned past the window, with
 * the current mode's system prompt and tools. What the context meter measures.
 */
export class RequestPreview implements MeterSubject {
  constructor(
    private readonly conversation: ConversationView,
    private readonly modes: SessionModes,
    private readonly offered: ToolRegistry,
    private readonly system: () => string,
  ) {}

  get history(): readonly Message[] {
    return this.conversation.messages;
  }

  get provider(): Provider {
    return this.conversation.provider;
  }

  nextRequest(): ProviderRequest {
    return buildRequest({
      provider: this.provider,
      registry: this.offered,
      system: this.modes.system(this.system())(),
      messages: this.conversation.messages,
    });
  }

  requestKey(): string {
    return `${this.modes.mode}\n${this.offered.names().join('\0')}`;
  }
}
