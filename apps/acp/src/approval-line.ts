import { answeredElsewhere, approvalWords, type CallApproval } from '@agent/tools';

/** This front end, as the runtime names where a card was answered. */
export const THE_EDITOR = 'the editor';

/**
 * How a call's approval went, as one line of its content in the editor, the same live and on
 * `session/load` (see `approvalWords`); `Answered on the web page` for a questionnaire or plan
 * answered elsewhere. Empty when there is nothing to say.
 */
export function approvalLine(call: {
  name: string;
  approval?: CallApproval;
  answeredOn?: string;
}): string {
  const on = answeredElsewhere(call.answeredOn, THE_EDITOR);
  if (on) return `Answered on ${on}`;
  return approvalWords(call.approval, call.name, THE_EDITOR) ?? '';
}
