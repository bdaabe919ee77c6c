import type { AssistantMessage } from '@agent/llm';
import { redactDeep } from './redact';
import type { SessionEvent } from './schema';

/**
 * The JSON line written for `event` (no trailing newline): raw tool outputs removed (they are
 * memory only; `retainedOutput` stays), every string redacted of secrets.
 */
export function toSessionLine(event: SessionEvent): string {
  return JSON.stringify(redactDeep(event.type === 'assistant' ? withoutRawOutputs(event) : event));
}

function withoutRawOutputs(event: SessionEvent & { type: 'assistant' }): SessionEvent {
  const message: AssistantMessage = {
    ...event.message,
    toolCalls: event.message.toolCalls.map(({ output: _output, ...call }) => call),
  };
  return { ...event, message };
}
