import { ToolRegistry, type Tool } from '@agent/tools';
import type { AgentMode } from './agent-mode';
import { PRESENT_PLAN } from './present-plan';

/**
 * Whether `mode` offers `tool`: plan mode offers the reading tools (`task` included, whose
 * subagents are offered the reading tools of their profile alone), the interactive ones
 * (`ask_user`) and `present_plan`; the other modes offer every tool but `present_plan`.
 */
export function offeredIn(mode: AgentMode, tool: Tool): boolean {
  if (tool.name === PRESENT_PLAN) return mode === 'plan';
  return mode !== 'plan' || tool.permission === 'read' || tool.interactive === true;
}

/**
 * The tools of `full` the current mode offers, read afresh at every request and call: after a
 * plan is approved, the next request of the same turn offers the edit tools. A call of a tool the
 * mode does not offer fails as an unknown tool, naming the ones offered.
 */
export class ModeToolRegistry extends ToolRegistry {
  constructor(
    private readonly full: ToolRegistry,
    private readonly mode: () => AgentMode,
  ) {
    super();
  }

  override get(name: string): Tool | undefined {
    const tool = this.full.get(name);
    return tool && offeredIn(this.mode(), tool) ? tool : undefined;
  }

  override unavailable(name: string): string | undefined {
    return this.full.unavailable(name);
  }

  override has(name: string): boolean {
    return this.get(name) !== undefined;
  }

  override names(): string[] {
    return this.list().map((tool) => tool.name);
  }

  override list(): Tool[] {
    const mode = this.mode();
    return this.full.list().filter((tool) => offeredIn(mode, tool));
  }
}
