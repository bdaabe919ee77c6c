import type { CallApproval } from '@agent/tools';

/** This front end, as the runtime names where a card was answered. */
export const THE_TERMINAL = 'the terminal';

/**
 * How a call's status line says its approval went, from the runtime's record of it, the same
 * live and on replay: `Always allowed (write_file(a.md))`, `Allowed on the web page`, `Allowed by
 * accept-edits mode` (the mode switched to on its card). Nothing for a denial (the line says
 * Denied, with the reason) nor for a call no card asked about (a rule or the mode allowed it).
 */
export function approvalText(approval: CallApproval | undefined, tool: string): string | undefined {
  if (!approval?.allowed) return undefined;
  if (approval.by === 'mode') {
    return approval.asked && approval.mode ? `Allowed by ${approval.mode} mode` : undefined;
  }
  if (approval.by !== 'person') return undefined;
  const allowed =
    approval.choice === 'always' ? `Always allowed (${approval.rule ?? tool})` : 'Allowed';
  const on = elsewhere(approval.on);
  return on ? `${allowed} on ${on}` : allowed;
}

/** The front end a card was answered on, when it was not this one (`the web page`). */
export function elsewhere(on: string | undefined): string | undefined {
  return on === THE_TERMINAL ? undefined : on;
}
