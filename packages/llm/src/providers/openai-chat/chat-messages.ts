import type {
  ChatCompletionMessageParam,
  ChatCompletionTool,
} from 'openai/resources/chat/completions';
import type { ToolSpec } from '@agent/tools';
import { toolResultText } from '../../history';
import type { Message } from '../../messages';
import { toChatHistory } from '../shared/chat-history';

/** The JSON text of a call's input as the wire carries it: raw text stays raw. */
export function argumentsJson(input: unknown): string {
  if (typeof input === 'string') return input;
  return JSON.stringify(input ?? {});
}

/**
 * Neutral history as Chat Completions messages: the system prompt first, a checkpoint as a user
 * note, and every assistant turn with tool calls followed by one `tool` message per call, in order.
 */
export function toChatMessages(system: string, messages: Message[]): ChatCompletionMessageParam[] {
  return toChatHistory(system, messages, (message) => [
    {
      role: 'assistant',
      content: message.text || null,
      tool_calls: message.toolCalls.map((call) => ({
        id: call.id,
        type: 'function' as const,
        function: { name: call.name, arguments: argumentsJson(call.input) },
      })),
    },
    ...message.toolCalls.map((call): ChatCompletionMessageParam => ({
      role: 'tool',
      tool_call_id: call.id,
      content: toolResultText(call),
    })),
  ]);
}

export function toChatTools(tools: ToolSpec[]): ChatCompletionTool[] {
  return tools.map((tool) => ({
    type: 'function',
    function: { name: tool.name, description: tool.description, parameters: tool.parameters },
  }));
}
