import { AGENT_MODES, type AgentMode } from '@agent/llm/config';

export { AGENT_MODES };

/**
 * How the person works with the agent (Shift+Tab in the REPL, `--mode` in both apps):
 * `default` asks before every edit and command; `accept-edits` runs workspace edits without a
 * card (protected files and commands still ask); `plan` offers only reading tools, `ask_user`
 * and `present_plan`, and nothing changes until the person approves a plan.
 */
export type { AgentMode };

/** The mode after `mode` in the Shift+Tab cycle. */
export function nextMode(mode: AgentMode): AgentMode {
  return AGENT_MODES[(AGENT_MODES.indexOf(mode) + 1) % AGENT_MODES.length]!;
}

export function isAgentMode(value: unknown): value is AgentMode {
  return typeof value === 'string' && (AGENT_MODES as readonly string[]).includes(value);
}

/** The mode's name for status lines and notices. */
export function modeLabel(mode: AgentMode): string {
  return mode === 'accept-edits' ? 'accept edits' : mode;
}
