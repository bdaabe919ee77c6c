import type { ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import type { ToolSpec } from '@agent/tools';
import { isErrorResult, toolResultText } from '../../history';
import type { Message, ToolActivity } from '../../messages';
import { toChatHistory } from '../shared/chat-history';
import { toolPromptSection } from './tool-prompt';

/** The system prompt with the tool section appended (when there are tools). */
export function textSystemPrompt(system: string, tools: ToolSpec[]): string {
  if (tools.length === 0) return system;
  const section = toolPromptSection(tools);
  return system ? `${system}\n\n${section}` : section;
}

/** A call re-serialised as the ```tool block the model wrote (raw text stays verbatim). */
export function toolBlock(call: ToolActivity): string {
  let body: string;
  if (typeof call.input === 'string' && /"name"\s*:/.test(call.input)) body = call.input;
  else if (typeof call.input === 'string') {
    body = `{"name": ${JSON.stringify(call.name)}, "arguments": ${call.input}}`;
  } else body = JSON.stringify({ name: call.name, arguments: call.input ?? {} });
  return `\`\`\`tool\n${body}\n\`\`\``;
}

/** One result block of the user message that answers a turn's calls. */
export function resultBlock(call: ToolActivity): string {
  const label = isErrorResult(call) ? 'Error from' : 'Result of';
  return `${label} ${call.name} (${call.id}):\n${toolResultText(call)}`;
}

/**
 * Neutral history as plain chat messages for a server without native tools: assistant turns
 * carry their ```tool blocks in the text, and the results of a turn's calls come back as one
 * user message of result blocks, in call order.
 */
export function toTextMessages(
  system: string,
  tools: ToolSpec[],
  messages: Message[],
): ChatCompletionMessageParam[] {
  return toChatHistory(textSystemPrompt(system, tools), messages, (message) => [
    {
      role: 'assistant',
      content: [message.text.trimEnd(), ...message.toolCalls.map(toolBlock)]
        .filter(Boolean)
        .join('\n\n'),
    },
    { role: 'user', content: message.toolCalls.map(resultBlock).join('\n\n') },
  ]);
}
