import { ASK_USER_TOOL_NAME } from '@agent/askuser';
import type { Message } from '@agent/llm';
import type { SessionEvent } from '@agent/session';

/**
 * The calls a session left open (no `tool_end`) in its last model response, when one of them is
 * an `ask_user` questionnaire and nothing came after that response: the REPL offers the
 * questionnaire again on resume. Undefined when there is nothing to reopen.
 */
export function openQuestionnaireCalls(events: readonly SessionEvent[]): string[] | undefined {
  let last = -1;
  for (let i = events.length - 1; i >= 0; i--) {
    const type = events[i]!.type;
    if (type === 'assistant') {
      last = i;
      break;
    }
    if (type === 'user' || type === 'checkpoint') return undefined;
  }
  if (last < 0) return undefined;
  const event = events[last]!;
  if (event.type !== 'assistant') return undefined;
  const ended = new Set(
    events.slice(last + 1).flatMap((e) => (e.type === 'tool_end' ? [e.callId] : [])),
  );
  const open = event.message.toolCalls.filter((call) => !ended.has(call.id));
  if (!open.some((call) => call.name === ASK_USER_TOOL_NAME)) return undefined;
  return open.map((call) => call.id);
}

/**
 * `messages` (a resumed projection, where open calls were closed as interrupted) with the given
 * calls of the last message pending again, so a resumed loop asks the questionnaire anew under
 * its original call id. Undefined when the last message does not hold them.
 */
export function reopenCalls(
  messages: readonly Message[],
  ids: readonly string[],
): Message[] | undefined {
  const last = messages[messages.length - 1];
  if (last?.role !== 'assistant') return undefined;
  if (!ids.every((id) => last.toolCalls.some((call) => call.id === id))) return undefined;
  const reopened = {
    ...last,
    toolCalls: last.toolCalls.map((call) => {
      if (!ids.includes(call.id)) return call;
      const { output: _output, retainedOutput: _kept, ...rest } = call;
      return { ...rest, status: 'pending' as const, summary: '' };
    }),
  };
  return [...messages.slice(0, -1), reopened];
}

/** What offering a questionnaire again on resume needs from the REPL. */
export interface ReopenDeps {
  session: { messages: Message[]; registry: { get(name: string): unknown } };
  app: { info(text: string): void; continueTurn(): void };
}

/**
 * After a session is resumed (and replayed): when it ended while a questionnaire was open, and
 * `ask_user` is available, reopens that call and continues the turn, so the card opens again for
 * the same call id and its answer becomes that call's result. Returns whether it did.
 */
export function offerOpenQuestionnaire(events: readonly SessionEvent[], deps: ReopenDeps): boolean {
  const ids = openQuestionnaireCalls(events);
  if (!ids || !deps.session.registry.get(ASK_USER_TOOL_NAME)) return false;
  const reopened = reopenCalls(deps.session.messages, ids);
  if (!reopened) return false;
  deps.session.messages = reopened;
  deps.app.info(
    'The session ended while a questionnaire was open: it is asked again (Esc cancels it).',
  );
  deps.app.continueTurn();
  return true;
}
