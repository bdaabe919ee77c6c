import type { ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import { checkpointText } from '../../history';
import type { AssistantMessage, Message } from '../../messages';

/**
 * Prepared neutral history as Chat Completions messages: `system` first (when not empty), user text and
 * checkpoints as user messages, assistant turns without calls as plain text; `withCalls`
 * renders an assistant turn that called tools, and its results, as the transport carries them.
 */
export function toChatHistory(
  system: string,
  messages: Message[],
  withCalls: (message: AssistantMessage) => ChatCompletionMessageParam[],
): ChatCompletionMessageParam[] {
  const out: ChatCompletionMessageParam[] = [];
  if (system) out.push({ role: 'system', content: system });
  for (const message of messages) {
    if (message.role === 'user') {
      out.push({ role: 'user', content: message.text });
    } else if (message.role === 'checkpoint') {
      out.push({ role: 'user', content: checkpointText(message) });
    } else if (message.toolCalls.length === 0) {
      out.push({ role: 'assistant', content: message.text });
    } else {
      out.push(...withCalls(message));
    }
  }
  return out;
}
