import { callApprovalWords, type CallApproval } from '@agent/tools';
import { WEB_PAGE } from './web-page-name';

/**
 * How a call's approval went, as the page words it under the call, the same for a live call and
 * the transcript it draws on load: the words every front end uses (see `callApprovalWords`).
 */
export function pageApprovalWords(call: {
  name: string;
  approval?: CallApproval;
  answeredOn?: string;
}): string | undefined {
  return callApprovalWords(call, WEB_PAGE);
}
