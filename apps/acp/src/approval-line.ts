import type { CallApproval } from '@agent/tools';

/** This front end, as the runtime names where a card was answered. */
export const THE_EDITOR = 'the editor';

/**
 * How a call's approval went, as one line of its content in the editor, the same live and on
 * `session/load`: `Always allowed write_file(a.md) for the session`, `Allowed once, on the web
 * page`, `Allowed by the accept-edits mode`; `Answered on the web page` for a questionnaire or plan
 * answered there. Nothing for a denial (the call failed, its summary
 * says why) nor for a call nobody was asked about (a rule or the mode allowed it).
 */
export function approvalLine(call: {
  name: string;
  approval?: CallApproval;
  answeredOn?: string;
}): string {
  const { approval, name: tool } = call;
  // A call's own card (a questionnaire, a plan) answered on another front end says where.
  if (call.answeredOn && call.answeredOn !== THE_EDITOR) return `Answered on ${call.answeredOn}`;
  if (!approval?.allowed) return '';
  if (approval.by === 'mode') {
    return approval.asked && approval.mode ? `Allowed by the ${approval.mode} mode` : '';
  }
  if (approval.by !== 'person') return '';
  const how =
    approval.choice === 'always'
      ? `Always allowed ${approval.rule ?? tool}${scopeWords(approval.scope)}`
      : 'Allowed once';
  return approval.on && approval.on !== THE_EDITOR ? `${how}, on ${approval.on}` : how;
}

function scopeWords(scope: CallApproval['scope']): string {
  switch (scope) {
    case 'workspace':
      return ' in this workspace';
    case 'user':
      return ' everywhere';
    default:
      return ' for the session';
  }
}
