import type { AgentSession } from '@agent/runtime';
import { runtime } from './agent-modules';
import type { StatusInfo } from '../view/status-line';
import { sandboxLabel } from '../view/sandbox-label';
import type { Modal } from './modal';
import type { TurnStats } from './turn-stats';

/** What the status line shows, from the app's state now. */
export function statusInfo(state: {
  core: AgentSession | undefined;
  pendingLabel: { provider: string; model: string };
  modal: Modal | undefined;
  commandRunning: boolean;
  turnRunning: boolean;
  stats: TurnStats;
  notice: string | undefined;
  frame: number;
}): StatusInfo {
  const { core, modal } = state;
  const fill = core?.contextFill() ?? { used: 0, fraction: 0 };
  let mode = 'ready';
  if (!core) mode = 'loading';
  else if (modal) mode = modal.hint ?? 'answer the card';
  else if (core.busy) mode = 'working · Esc or Ctrl+C interrupts';
  else if (state.commandRunning) mode = 'running command';
  return {
    provider: core?.provider.id ?? state.pendingLabel.provider,
    model: core?.provider.model ?? state.pendingLabel.model,
    usedTokens: fill.used,
    fraction: fill.fraction,
    ...('window' in fill ? { window: fill.window } : {}),
    sessionId: core?.sessionId,
    ...(core ? { sandbox: sandboxLabel(core.sandbox) } : {}),
    mode,
    notice: state.notice,
    activity: state.turnRunning && core?.busy && !modal ? state.stats.info() : undefined,
    ...(core ? { agentMode: runtime().modeLabel(core.agentMode) } : {}),
    frame: state.frame,
  };
}
