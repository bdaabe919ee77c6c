import type {
  ChatCompletionMessageParam,
  ChatCompletionTool,
} from 'openai/resources/chat/completions';
import type { ToolSpec } from '@agent/tools';
import { toolResultText } from '../../history';
import type { Message, ToolActivity } from '../../messages';
import { toChatHistory } from '../shared/chat-history';

/** The JSON text of a call's arguments as the wire carries it: the model's own text when kept. */
export function argumentsJson(call: ToolActivity): string {
  if (call.arguments !== undefined) return call.arguments;
  if (typeof call.input === 'string') return call.input;
  return JSON.stringify(call.input ?? {});
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
        function: { name: call.name, arguments: argumentsJson(call) },
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
