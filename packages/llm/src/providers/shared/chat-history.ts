import type {
  ChatCompletionContentPart,
  ChatCompletionMessageParam,
} from 'openai/resources/chat/completions';
import { checkpointText } from '../../history';
import type { AssistantMessage, Message, UserMessage } from '../../messages';
import { imageDataUrl, userParts } from './user-content';

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
      out.push({ role: 'user', content: chatUserContent(message) });
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

/** A person's message: plain text, or text and `image_url` parts (data URLs) when it has images. */
function chatUserContent(message: UserMessage): ChatCompletionContentPart[] | string {
  if (!message.images?.length) return message.text;
  return userParts<ChatCompletionContentPart>(message, {
    text: (text) => ({ type: 'text', text }),
    image: (image) => ({ type: 'image_url', image_url: { url: imageDataUrl(image) } }),
  });
}
