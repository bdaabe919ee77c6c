export * from './agent-mode';
export { acceptingEdits, modeApproves, planGuard, type ModeWatch } from './mode-person';
export { ModeToolRegistry, offeredIn } from './mode-registry';
export { PLAN_MODE_GUIDANCE } from './plan-guidance';
export * from './present-plan';
export { SessionModes } from './session-modes';
