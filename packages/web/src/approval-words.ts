import type { CallApproval } from '@agent/tools';
import { WEB_PAGE } from './web-page-name';

/**
 * How a call's approval went, as the page words it under the call, the same for a live call and
 * the transcript it draws on load: `Always allowed write_file(a.md) for this session (on the
 * terminal)`, `Allowed once`, `Allowed by the accept-edits mode`, `Answered on the editor` for a
 * questionnaire or plan answered there. Nothing for a denial (its summary says why) nor for a
 * call nobody was asked about (a rule or the mode allowed it).
 */
export function approvalWords(call: {
  name: string;
  approval?: CallApproval;
  answeredOn?: string;
}): string | undefined {
  const { approval } = call;
  if (call.answeredOn !== undefined) {
    return call.answeredOn === WEB_PAGE ? undefined : `Answered on ${call.answeredOn}`;
  }
  if (!approval?.allowed) return undefined;
  if (approval.by === 'mode') {
    return approval.asked && approval.mode ? `Allowed by the ${approval.mode} mode` : undefined;
  }
  if (approval.by !== 'person') return undefined;
  const how =
    approval.choice === 'always'
      ? `Always allowed ${approval.rule ?? call.name} ${SCOPE[approval.scope ?? 'session']}`
      : 'Allowed once';
  return approval.on && approval.on !== WEB_PAGE ? `${how} (on ${approval.on})` : how;
}

const SCOPE: Record<NonNullable<CallApproval['scope']>, string> = {
  session: 'for this session',
  workspace: 'in this workspace',
  user: 'everywhere',
};
