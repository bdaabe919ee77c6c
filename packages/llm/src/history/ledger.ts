import type { Message, RetainedCall } from '../messages';

/**
 * The decision ledger of `messages`: the retained calls of an earlier checkpoint, then every call
 * with a retained output, exact and in order (deduplicated by call id), each with the person's
 * latest amendment of it (`/amend`). Kept beside a new
 * checkpoint's summary so compaction never loses what the person answered.
 */
export function retainedCalls(messages: readonly Message[]): RetainedCall[] {
  const out = new Map<string, RetainedCall>();
  for (const message of messages) {
    if (message.role === 'user') {
      const kept = message.amends ? out.get(message.amends.callId) : undefined;
      if (kept) kept.amended = message.amends!.output;
    } else if (message.role === 'checkpoint') {
      for (const kept of message.decisions ?? []) out.set(kept.id, structuredClone(kept));
    } else if (message.role === 'assistant') {
      for (const call of message.toolCalls) {
        if (call.retainedOutput === undefined) continue;
        const kept: RetainedCall = {
          id: call.id,
          name: call.name,
          input: structuredClone(call.input),
          status: call.status,
          output: call.retainedOutput,
        };
        if (call.retainedDetails !== undefined) {
          kept.details = structuredClone(call.retainedDetails);
        }
        out.set(call.id, kept);
      }
    }
  }
  return [...out.values()];
}

/** How the ledger is shown to a model, after the summary (empty when there is none). */
export function ledgerText(decisions: readonly RetainedCall[] | undefined): string {
  if (!decisions || decisions.length === 0) return '';
  const entries = decisions.map((call) => {
    const input = typeof call.input === 'string' ? call.input : JSON.stringify(call.input);
    const amended =
      call.amended === undefined ? '' : `\namended by the person afterwards: ${call.amended}`;
    return `[${call.name} call ${call.id}, ${call.status}]\ninput: ${input}\nresult: ${call.output}${amended}`;
  });
  return [
    'Decisions the person made earlier, kept verbatim (exact questions and answers; they still hold, do not ask them again):',
    ...entries,
  ].join('\n\n');
}
