import type { Tool, ToolRegistry } from '@agent/tools';
import type { AgentMode } from './agent-mode';
import { ModeToolRegistry, offeredIn } from './mode-registry';
import { PLAN_MODE_GUIDANCE } from './plan-guidance';
import { presentPlanTool } from './present-plan';

/**
 * The mode one session works in, and what follows from it: the tools offered and the system
 * prompt of each request (both read afresh, so a switch mid-turn applies to the next request),
 * `present_plan`, whose approval switches the mode. Changes are reported to `changed`.
 */
export class SessionModes {
  private current: AgentMode;
  private readonly listeners = new Set<(mode: AgentMode) => void>();
  /** `present_plan`, for the session's registry (offered in plan mode only). */
  readonly planTool: Tool;

  constructor(
    /** The mode a session starts in (`--mode`, else config.json's, else default). */
    readonly initial: AgentMode,
    private readonly deps: { changed(mode: AgentMode): void; stopTurn(): void },
  ) {
    this.current = initial;
    this.planTool = presentPlanTool({ setMode: (mode) => this.set(mode), stopTurn: deps.stopTurn });
  }

  get mode(): AgentMode {
    return this.current;
  }

  set(mode: AgentMode): void {
    if (mode === this.current) return;
    this.current = mode;
    this.deps.changed(mode);
    for (const listener of [...this.listeners]) listener(mode);
  }

  /** Hears each change of the mode (a waiting card whose call the new mode approves); stops with the returned function. */
  readonly watch = (listener: (mode: AgentMode) => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** The tools of `full` that the current mode offers, at each read. */
  offered(full: ToolRegistry): ToolRegistry {
    return new ModeToolRegistry(full, () => this.current);
  }

  /** Whether the current mode offers `tool`. */
  offers(tool: Tool): boolean {
    return offeredIn(this.current, tool);
  }

  /** The system prompt of the next request: `base`, with the plan-mode section in plan mode. */
  system(base: string): () => string {
    return () => (this.current === 'plan' ? `${base}\n\n${PLAN_MODE_GUIDANCE}` : base);
  }

  /** The current mode, as the person-channel layers read it (see mode-person). */
  readonly read = (): AgentMode => this.current;
}
