import { closeDanglingCalls, type Message } from '@agent/llm';
import type { SessionEvent } from './schema';
import { reduceSession, type SessionFacts } from './session-reducer';

/** What a resumed session continues with. */
export interface SessionProjection extends SessionFacts {
  /** The history for the next provider request: from the last checkpoint on, every call paired. */
  messages: Message[];
}

/**
 * Rebuilds the conversation from session events (through `SessionReducer`): tool statuses and
 * retained outputs merged from `tool_end` into their assistant messages, a checkpoint replacing
 * everything before it, and every call left `pending` (a crash or quit mid-call) closed as
 * `interrupted` with a paired result.
 */
export function projectSession(events: readonly SessionEvent[]): SessionProjection {
  const state = reduceSession(events);
  const messages = closeDanglingCalls(state.messages);
  return { messages, ...state.facts };
}

/** The history for the next request (see `projectSession`). */
export function projectMessages(events: readonly SessionEvent[]): Message[] {
  return projectSession(events).messages;
}
