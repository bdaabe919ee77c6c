import type { ToolStatus } from '../messages';

/** The call a hook is told about: its id, its tool, its validated input. */
export interface HookedCall {
  id: string;
  name: string;
  input: unknown;
}

/**
 * What the hooks before a call decided: `deny` refuses it (the model reads `reason`, said to
 * come from `by`, never from the person); `allow` and `ask` go with the permission request to
 * the rules (see `PermissionRequest.hook`); `context` is added to the result the model reads.
 */
export interface BeforeCallVerdict {
  deny?: { by: string; reason: string };
  permission?: { decision: 'allow' | 'ask'; by: string };
  context?: string;
}

/**
 * Code the loop runs at fixed points (the runtime's PreToolUse, PostToolUse and Stop hooks).
 * `before` runs once a call's input is valid, before the permission check; `after` runs once the
 * tool has returned, with its exact output, and what it gives back is added to the result the
 * model reads; `stop` runs when the model has finished (no calls left), and text it returns is
 * sent to the model as a user message to go on with. Each gets the turn's signal and must settle
 * when it aborts; a hook that throws counts as no answer.
 */
export interface LoopHooks {
  before?(call: HookedCall, signal: AbortSignal): Promise<BeforeCallVerdict>;
  after?(
    call: HookedCall,
    result: { output: string; isError: boolean; status: ToolStatus },
    signal: AbortSignal,
  ): Promise<{ context?: string }>;
  stop?(signal: AbortSignal): Promise<string | undefined>;
}
