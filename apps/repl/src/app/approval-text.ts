import type { CallApproval } from '@agent/tools';
import { tools } from './agent-modules';

/** This front end, as the runtime names where a card was answered. */
export const THE_TERMINAL = 'the terminal';

/** How a call's status line says its approval went (see `approvalWords`), live and on replay. */
export function approvalText(approval: CallApproval | undefined, tool: string): string | undefined {
  return tools().approvalWords(approval, tool, THE_TERMINAL);
}

/** The front end a card was answered on, when it was not this one (`the web page`). */
export function elsewhere(on: string | undefined): string | undefined {
  return tools().answeredElsewhere(on, THE_TERMINAL);
}
