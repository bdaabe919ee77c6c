import { closeDanglingCalls, type Message, type ToolActivity } from '@agent/llm';
import type { QuestionnaireProgress, SessionEvent } from './schema';
import { rememberRecordedTokens } from './recorded-tokens';
import { reduceSession, type SessionFacts } from './session-reducer';

/** What a resumed session continues with. */
export interface SessionProjection extends SessionFacts {
  /** The history for the next provider request: from the last checkpoint on, every call paired. */
  messages: Message[];
  /**
   * The calls left `pending` in the last message of `messages` for the resumed loop to run again
   * (see `ProjectOptions.keepOpen`), in call order; empty when none are.
   */
  openCalls: string[];
  /** The latest questionnaire progress recorded for each of `openCalls` that has one, by id. */
  openProgress: Record<string, QuestionnaireProgress>;
  /**
   * The names of the calls open in the session's last model response that this projection
   * closed as interrupted (absent: none), so a resume knows without projecting again whether
   * `keepOpen` would keep any.
   */
  closedOpen?: string[];
}

export interface ProjectOptions {
  /**
   * Which open calls a resume can offer again (interactive ones, such as ask_user in the REPL).
   * When a call open in the session's last model response (no `tool_end`, and nothing but tool
   * events after that response) satisfies it, every open call of that response stays `pending`
   * with its recorded input (and an empty summary), so the resumed loop runs those calls under
   * their ids and closes the others as interrupted, in order. Without it, or when no such call
   * satisfies it, every open call is closed as interrupted.
   */
  keepOpen?: (call: ToolActivity) => boolean;
}

/**
 * Rebuilds the conversation from session events (through `SessionReducer`): tool statuses and
 * retained outputs merged from `tool_end` into their assistant messages, a checkpoint replacing
 * everything before it, and every call left `pending` (a crash or quit mid-call) closed as
 * `interrupted` with a paired result unless `options.keepOpen` keeps it open.
 */
export function projectSession(
  events: readonly SessionEvent[],
  options: ProjectOptions = {},
): SessionProjection {
  const state = reduceSession(events);
  const messages = closeDanglingCalls(state.messages);
  rememberRecordedTokens(messages, state);
  const projection: SessionProjection = {
    messages,
    ...state.facts,
    openCalls: [],
    openProgress: {},
  };
  const open = state.openTail();
  const { keepOpen } = options;
  if (!keepOpen || !open.some((call) => keepOpen(call.activity))) {
    if (open.length > 0) projection.closedOpen = open.map((call) => call.activity.name);
    return projection;
  }
  const recorded = state.messages[state.messages.length - 1];
  const last = messages[messages.length - 1];
  if (recorded?.role !== 'assistant' || last?.role !== 'assistant') return projection;
  const reopen = new Set(open.map((call) => recorded.toolCalls.indexOf(call.activity)));
  messages[messages.length - 1] = {
    ...last,
    toolCalls: last.toolCalls.map((call, index) => {
      if (!reopen.has(index)) return call;
      const { output: _output, retainedOutput: _kept, retainedDetails: _details, ...rest } = call;
      return { ...rest, status: 'pending' as const, summary: '' };
    }),
  };
  for (const call of open) {
    projection.openCalls.push(call.activity.id);
    if (call.progress) projection.openProgress[call.activity.id] = call.progress;
  }
  return projection;
}

/** The history for the next request (see `projectSession`). */
export function projectMessages(events: readonly SessionEvent[]): Message[] {
  return projectSession(events).messages;
}
