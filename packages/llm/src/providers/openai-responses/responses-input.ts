import type {
  FunctionTool,
  ResponseInputContent,
  ResponseInputItem,
} from 'openai/resources/responses/responses';
import type { ToolSpec } from '@agent/tools';
import { checkpointText, toolResultText } from '../../history';
import type { Message, UserMessage } from '../../messages';
import { imageDataUrl, userParts } from '../shared/user-content';
import { argumentsJson } from '../openai-chat/chat-messages';

/**
 * Prepared neutral history as stateless Responses input: user and checkpoint notes as user messages,
 * assistant text as an assistant message item, each call as a function_call item, then one
 * function_call_output per call, in order.
 */
export function toResponsesInput(messages: Message[]): ResponseInputItem[] {
  const items: ResponseInputItem[] = [];
  for (const message of messages) {
    if (message.role === 'user') {
      items.push({ type: 'message', role: 'user', content: responsesUserContent(message) });
    } else if (message.role === 'checkpoint') {
      items.push({ type: 'message', role: 'user', content: checkpointText(message) });
    } else {
      if (message.text || message.toolCalls.length === 0) {
        items.push({ type: 'message', role: 'assistant', content: message.text });
      }
      for (const call of message.toolCalls) {
        items.push({
          type: 'function_call',
          call_id: call.id,
          name: call.name,
          arguments: argumentsJson(call),
        });
      }
      for (const call of message.toolCalls) {
        items.push({
          type: 'function_call_output',
          call_id: call.id,
          output: toolResultText(call),
        });
      }
    }
  }
  return items;
}

/** A person's message: text, or `input_text` and `input_image` parts when it has images. */
function responsesUserContent(message: UserMessage): ResponseInputContent[] | string {
  if (!message.images?.length) return message.text;
  return userParts<ResponseInputContent>(message, {
    text: (text) => ({ type: 'input_text', text }),
    image: (image) => ({ type: 'input_image', image_url: imageDataUrl(image), detail: 'auto' }),
  });
}

export function toResponsesTools(tools: ToolSpec[]): FunctionTool[] {
  return tools.map((tool) => ({
    type: 'function',
    name: tool.name,
    description: tool.description,
    parameters: tool.parameters,
    strict: false,
  }));
}
