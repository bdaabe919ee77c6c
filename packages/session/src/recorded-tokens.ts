import {
  historyTokens,
  rememberMessageTokens,
  resultTokens,
  tokenizerLoaded,
  type AssistantMessage,
  type Message,
} from '@agent/llm';
import type { SessionEvent } from './schema';
import { checkpointMessage, userMessage, type SessionReducer } from './session-reducer';

/**
 * The o200k tokens `event` adds to a request rebuilt from the file, as the event will be saved
 * (redacted, raw outputs dropped); undefined for events that add none, and while the tokenizer
 * is not loaded (counting is never the reason it loads). `callName` names the call a `tool_end`
 * ends: its result falls back to a status line with the name.
 */
export function recordedTokens(
  event: SessionEvent,
  callName: (id: string) => string | undefined,
): number | undefined {
  if (!tokenizerLoaded()) return undefined;
  switch (event.type) {
    case 'user':
      return historyTokens(userMessage(event), 'openai');
    case 'checkpoint':
      return historyTokens(checkpointMessage(event), 'openai');
    case 'assistant':
      return historyTokens(event.message, 'openai');
    case 'tool_end': {
      const name = callName(event.callId);
      if (name === undefined) return undefined;
      const { callId: id, status, summary, retainedOutput } = event;
      return resultTokens(
        { id, name, input: undefined, status, summary, retainedOutput },
        'openai',
      );
    }
    default:
      return undefined;
  }
}

/**
 * Gives the counts a session file recorded to the messages rebuilt from it (see
 * `rememberMessageTokens`), so a resumed request costs no count for them. A message gets one only
 * when every part of it was counted: its event and, for a model response, each call's `tool_end`.
 */
export function rememberRecordedTokens(messages: readonly Message[], state: SessionReducer): void {
  for (const message of messages) {
    const history = state.recordedTokens(message);
    const toolResults = message.role === 'assistant' ? recordedResults(message, state) : 0;
    if (history === undefined || toolResults === undefined) continue;
    rememberMessageTokens(message, 'openai', { history, toolResults });
  }
}

/** The recorded results of a response's calls, when each call's `tool_end` recorded one. */
function recordedResults(message: AssistantMessage, state: SessionReducer): number | undefined {
  let total = 0;
  for (const call of message.toolCalls) {
    const recorded = state.call(call.id);
    const tokens = recorded?.activity === call ? recorded.o200k : undefined;
    if (tokens === undefined) return undefined;
    total += tokens;
  }
  return total;
}
