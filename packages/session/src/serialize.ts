import type { AssistantMessage } from '@agent/llm';
import { boundedJson, MAX_SESSION_LINE_CHARS } from './line-limits';
import { redactDeep } from './redact';
import type { SessionEvent } from './schema';

/**
 * The JSON line written for `event` (no trailing newline): raw tool outputs removed (they are
 * memory only; `retainedOutput` stays), every string redacted of secrets, at most
 * `MAX_SESSION_LINE_CHARS` long (the longest strings cut with a marker). Throws when the event
 * cannot be made to fit.
 */
export function toSessionLine(event: SessionEvent): string {
  const line = boundedJson(
    redactDeep(event.type === 'assistant' ? withoutRawOutputs(event) : event),
  );
  if (line === undefined) {
    throw new Error(
      `a ${event.type} event too large for one session line (${MAX_SESSION_LINE_CHARS / (1024 * 1024)} MiB) was not saved`,
    );
  }
  return line;
}

function withoutRawOutputs(event: SessionEvent & { type: 'assistant' }): SessionEvent {
  const message: AssistantMessage = {
    ...event.message,
    // The model's raw argument text serves the live session's requests only: the file keeps the input.
    toolCalls: event.message.toolCalls.map(
      ({ output: _output, arguments: _arguments, ...call }) => call,
    ),
  };
  return { ...event, message };
}
