import type { CallApproval } from '@agent/tools';
import { tools } from './agent-modules';

/** This front end, as the runtime names where a card was answered. */
export const THE_TERMINAL = 'the terminal';

/**
 * How a call's status line says its approval went, live and on replay: the words every front end
 * uses (see `callApprovalWords`; a questionnaire's or plan's own card says where it was answered).
 */
export function approvalText(approval: CallApproval | undefined, tool: string): string | undefined {
  return tools().callApprovalWords({ name: tool, ...(approval ? { approval } : {}) }, THE_TERMINAL);
}

/** The front end a card was answered on, when it was not this one (`the web page`). */
export function elsewhere(on: string | undefined): string | undefined {
  return tools().answeredElsewhere(on, THE_TERMINAL);
}
