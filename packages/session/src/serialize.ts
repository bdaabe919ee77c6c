import type { AssistantMessage } from '@agent/llm';
import { boundedJson, MAX_SESSION_LINE_CHARS } from './line-limits';
import { recordedTokens } from './recorded-tokens';
import { redactDeep } from './redact';
import type { SessionEvent } from './schema';

/**
 * The JSON line written for `event` (no trailing newline): raw tool outputs removed (they are
 * memory only; `retainedOutput` stays), every string redacted of secrets, at most
 * `MAX_SESSION_LINE_CHARS` long (the longest strings cut with a marker), and with the o200k
 * tokens it adds to a request when the tokenizer is loaded (`recordedTokens`; not on a line
 * whose strings were cut). Throws when the event cannot be made to fit.
 */
export function toSessionLine(
  event: SessionEvent,
  callName: (id: string) => string | undefined = () => undefined,
): string {
  const saved = redactDeep(
    event.type === 'assistant'
      ? withoutRawOutputs(event)
      : event.type === 'subagent_task'
        ? taskWithoutRawOutputs(event)
        : event,
  );
  const o200k = recordedTokens(saved, callName);
  if (o200k !== undefined) {
    const json = JSON.stringify({ ...saved, o200k });
    if (json.length <= MAX_SESSION_LINE_CHARS) return json;
  }
  const line = boundedJson(saved);
  if (line === undefined) {
    throw new Error(
      `a ${event.type} event too large for one session line (${MAX_SESSION_LINE_CHARS / (1024 * 1024)} MiB) was not saved`,
    );
  }
  return line;
}

function withoutRawOutputs(event: SessionEvent & { type: 'assistant' }): SessionEvent {
  return { ...event, message: messageWithoutRawOutputs(event.message) };
}

function messageWithoutRawOutputs(message: AssistantMessage): AssistantMessage {
  return {
    ...message,
    // The model's raw argument text serves the live session's requests only: the file keeps the input.
    toolCalls: message.toolCalls.map(({ output: _output, arguments: _arguments, ...call }) => call),
  };
}

/** A waiting subagent's conversation is kept as the parent's is: without raw tool outputs. */
function taskWithoutRawOutputs(event: SessionEvent & { type: 'subagent_task' }): SessionEvent {
  if (!event.task) return event;
  const messages = event.task.messages.map((message) =>
    message.role === 'assistant' ? messageWithoutRawOutputs(message) : message,
  );
  return { ...event, task: { ...event.task, messages } };
}
