import { AGENT_MODES, isAgentMode, type AgentMode } from '@agent/runtime';
import type { PlanDecision } from '@agent/tools';
import type { PermissionOption, RequestPermissionResponse, SessionModeState } from './schema';

const MODES: Record<AgentMode, { name: string; description: string }> = {
  default: { name: 'Default', description: 'Ask before each edit and command' },
  'accept-edits': {
    name: 'Accept edits',
    description: 'Workspace edits run without asking; commands and protected files still ask',
  },
  plan: {
    name: 'Plan',
    description: 'Read and ask only, then present a plan to approve before anything changes',
  },
};

/** The session's modes as ACP offers them (`session/new`, `session/load`). */
export function sessionModes(current: AgentMode): SessionModeState {
  return {
    currentModeId: current,
    availableModes: AGENT_MODES.map((id) => ({ id, ...MODES[id] })),
  };
}

/** A `session/set_mode` id as one of our modes, or undefined for an unknown one. */
export function modeOf(id: string): AgentMode | undefined {
  return isAgentMode(id) ? id : undefined;
}

/** The three answers an editor offers for a presented plan. */
export const PLAN_OPTIONS: PermissionOption[] = [
  { optionId: 'approve-accept-edits', name: 'Yes, and accept edits', kind: 'allow_always' },
  { optionId: 'approve-default', name: 'Yes, and ask before each edit', kind: 'allow_once' },
  { optionId: 'keep-planning', name: 'No, keep planning', kind: 'reject_once' },
];

/** The editor's answer to a plan (a request cancelled by the editor keeps planning). */
export function planDecision(response: RequestPermissionResponse): PlanDecision {
  const outcome = response.outcome;
  const chosen = outcome.outcome === 'selected' && 'optionId' in outcome ? outcome.optionId : '';
  if (chosen === 'approve-accept-edits') return { decision: 'approve', mode: 'accept-edits' };
  if (chosen === 'approve-default') return { decision: 'approve', mode: 'default' };
  return { decision: 'keep-planning', note: '' };
}
