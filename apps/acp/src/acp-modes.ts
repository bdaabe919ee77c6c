import { AGENT_MODES, isAgentMode, type AgentMode } from '@agent/runtime';
import { planDecisionFor, type PlanChoice, type PlanDecision } from '@agent/tools';
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

/** A plan's choices (the runtime's, in its words) as an editor's permission options. */
export function planOptions(choices: readonly PlanChoice[]): PermissionOption[] {
  return choices.map((choice) => ({ optionId: choice.id, name: choice.label, kind: choice.kind }));
}

/**
 * The editor's answer to a plan: the choice picked (one it was offered), else keeping planning
 * (a request the editor cancelled, an option it made up).
 */
export function planDecision(
  response: RequestPermissionResponse,
  choices: readonly PlanChoice[],
): PlanDecision {
  const outcome = response.outcome;
  const chosen = outcome.outcome === 'selected' && 'optionId' in outcome ? outcome.optionId : '';
  const choice = choices.find((c) => c.id === chosen);
  return planDecisionFor(choice?.id ?? 'keep-planning');
}
