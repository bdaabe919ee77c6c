import { callApprovalWords, type CallApproval } from '@agent/tools';

/** This front end, as the runtime names where a card was answered. */
export const THE_EDITOR = 'the editor';

/**
 * How a call's approval went, as one line of its content in the editor, the same live and on
 * `session/load`: the words every front end uses (see `callApprovalWords`). Empty when there is
 * nothing to say.
 */
export function approvalLine(call: {
  name: string;
  approval?: CallApproval;
  answeredOn?: string;
}): string {
  return callApprovalWords(call, THE_EDITOR) ?? '';
}
