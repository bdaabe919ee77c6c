import type { CheckpointMessage, Message, ToolActivity } from '../messages';
import { ledgerText } from './ledger';

/**
 * The one history boundary. `prepareMessages` prepares a request's history once (`buildRequest`
 * calls it); the text helpers below are how every adapter renders the prepared history, so all
 * providers see the same conversation. Adapters map; the policy lives here.
 */

/**
 * The result text the model reads for one call: the exact output while it is known, else the
 * retained output, else a status line such as `[interrupted] run_shell: npm test`. A blank text
 * (some wires reject it) is replaced by the status line too.
 */
export function toolResultText(activity: ToolActivity): string {
  const text = activity.output ?? activity.retainedOutput;
  return text?.trim() ? text : statusLine(activity);
}

/** `[status] name: summary`, the fallback once raw output is gone. */
export function statusLine(activity: ToolActivity): string {
  const summary = activity.summary.trim();
  return summary && summary !== activity.name
    ? `[${activity.status}] ${activity.name}: ${summary}`
    : `[${activity.status}] ${activity.name}`;
}

/** Whether a provider should mark this result as an error (everything but a completed call). */
export function isErrorResult(activity: ToolActivity): boolean {
  return activity.status !== 'ok';
}

/** Output paired with a call that never finished (a crash, quit or interrupt mid-call). */
export const INTERRUPTED_OUTPUT = 'interrupted: the turn ended before this call finished';

/**
 * Closes every call still `pending` (a session saved mid-call, say) as `interrupted` with a
 * paired result, so no provider rejects the history. Returns new messages; the input is untouched.
 */
export function closeDanglingCalls(messages: readonly Message[]): Message[] {
  return messages.map(withCallsClosed);
}

/** The message with its pending calls closed as interrupted; the message itself when none is. */
function withCallsClosed(message: Message): Message {
  if (message.role !== 'assistant') return message;
  if (!message.toolCalls.some((call) => call.status === 'pending')) return message;
  return {
    ...message,
    toolCalls: message.toolCalls.map((call) =>
      call.status === 'pending'
        ? { ...call, status: 'interrupted' as const, output: call.output ?? INTERRUPTED_OUTPUT }
        : call,
    ),
  };
}

/**
 * How a checkpoint is presented to a model (as a user message at the start of the history): the
 * summary, then its decision ledger verbatim.
 */
export function checkpointText(checkpoint: CheckpointMessage | string): string {
  const { summary, decisions } =
    typeof checkpoint === 'string' ? { summary: checkpoint, decisions: undefined } : checkpoint;
  const text = `Summary of the earlier conversation (older messages were compacted):\n\n${summary}`;
  const ledger = ledgerText(decisions);
  return ledger ? `${text}\n\n${ledger}` : text;
}

/**
 * The history of a provider request, prepared once at the boundary: from the last checkpoint on
 * (everything before it is left out of requests), dangling calls closed. Adapters receive it
 * prepared (see `Provider.stream`) and never repeat it. Returns new messages.
 */
export function prepareMessages(messages: readonly Message[]): Message[] {
  const checkpoint = messages.findLastIndex((message) => message.role === 'checkpoint');
  return messages.slice(Math.max(checkpoint, 0)).map(withCallsClosed);
}
