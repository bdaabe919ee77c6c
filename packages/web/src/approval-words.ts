import { answeredElsewhere, approvalWords, type CallApproval } from '@agent/tools';
import { WEB_PAGE } from './web-page-name';

/**
 * How a call's approval went, as the page words it under the call, the same for a live call and
 * the transcript it draws on load (see `approvalWords`); `Answered on the editor` for a
 * questionnaire or plan answered elsewhere.
 */
export function pageApprovalWords(call: {
  name: string;
  approval?: CallApproval;
  answeredOn?: string;
}): string | undefined {
  if (call.answeredOn !== undefined) {
    const on = answeredElsewhere(call.answeredOn, WEB_PAGE);
    return on ? `Answered on ${on}` : undefined;
  }
  return approvalWords(call.approval, call.name, WEB_PAGE);
}
