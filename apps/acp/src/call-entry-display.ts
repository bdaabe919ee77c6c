import type { ToolActivity } from '@agent/llm';
import type { CallEntry } from '@agent/session';
import { savedQuestionnaireText } from './questionnaire-summary';

/**
 * A questionnaire that ended as its compact summary, read back from its entry; undefined for
 * another call, or one that cannot be read back.
 */
export function entryQuestionnaireText(call: CallEntry): string | undefined {
  return call.kind === 'questionnaire' && call.saved
    ? savedQuestionnaireText(call.saved)
    : undefined;
}

/** How an ended call (or a person's command) shows: completed when it went well, else failed. */
export function endedStatus(
  state: CallEntry['state'] | ToolActivity['status'],
): 'completed' | 'failed' {
  return state === 'ok' ? 'completed' : 'failed';
}
