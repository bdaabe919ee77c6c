import {
  ToolError,
  type PersonChannel,
  type Tool,
  type ToolContext,
  type ToolRegistry,
  type ToolResult,
} from '@agent/tools';
import { cloneActivity } from '../history/clone';
import { approved, askPermission, deniedOutcome, permissionOf } from './call-permission';
import { abortable, attempt, errorMessage } from './abortable';
import {
  errorOutcome,
  interruptedOutcome,
  settleCall,
  stoppedOutcome,
  type CallOutcome,
} from './call-outcome';
import type { ToolStatus } from '../messages';
import type { BeforeCallVerdict, LoopHooks, HookedCall } from './loop-hooks';
import type { CallState, ToolCall } from './tool-call';
import type { LoopEvent } from './types';

/** What executing one call needs from the loop. */
export interface CallEnvironment {
  registry: ToolRegistry;
  workspaceRoot: string;
  signal: AbortSignal;
  /** The pending soft stop (Esc): an interactive call reached after it asks nobody. */
  softStop?: AbortSignal;
  /** The person channel, permission rules in front. */
  person: PersonChannel;
  maxInteractive: number;
  /** Interactive calls already made in this loop; incremented here. */
  interactiveUsed: { count: number };
  /** What `maxInteractive` counts per, in the refusal (default `turn`). */
  budgetPer?: string;
  emit: (event: LoopEvent) => void;
  /** Run before and after each call (PreToolUse and PostToolUse hooks). */
  hooks?: LoopHooks;
}

/**
 * Runs one call from its record: interactive rules, permission, execute; it was validated when
 * the model's response arrived. Every path settles the activity exactly once and emits
 * `tool_start` then `tool_end`; returns the status so the caller can stop the batch after an
 * interrupt.
 */
export async function executeCall(call: ToolCall, env: CallEnvironment): Promise<ToolStatus> {
  env.emit({ type: 'tool_start', activity: cloneActivity(call.activity), title: call.title });
  const outcome = await decideAndRun(call, env);
  settleCall(call.activity, call.tool, call.title, outcome, env.emit);
  moveTo(call, 'settled');
  return outcome.status;
}

/**
 * Records a call's new state. Front ends see it through the events (`tool_start`, `tool_end`)
 * and through the person channel (a request names the call it is awaiting).
 */
export function moveTo(call: ToolCall, state: CallState): void {
  call.state = state;
}

/**
 * The call's outcome: refused, denied, interrupted or failed before it runs, else what the tool
 * returned, with the hooks' text after its output when a hook is configured.
 */
async function decideAndRun(call: ToolCall, env: CallEnvironment): Promise<CallOutcome> {
  const { tool, validation, activity } = call;
  if (!tool || !validation.ok) return errorOutcome(validation.ok ? '' : validation.error);
  const input = validation.input;
  if (env.signal.aborted) return interruptedOutcome(tool.name);
  let partial: { output: string; details?: unknown } | undefined;

  if (tool.interactive) {
    const refused = interactiveRefusal(tool, env);
    if (refused) return refused;
    env.interactiveUsed.count++;
  }

  const ctx: ToolContext = {
    signal: env.signal,
    workspaceRoot: env.workspaceRoot,
    toolCallId: activity.id,
    person: env.person,
    onUpdate: (update) => env.emit({ type: 'tool_update', id: activity.id, update }),
    reportPartial: (output, details) => {
      if (!env.signal.aborted) partial = { output, details };
    },
  };

  const hooked = await beforeCall(call, input, env);
  if (hooked === 'aborted') return interruptedOutcome(tool.name);
  if (hooked.deny) {
    approved(call, env, {
      allowed: false,
      by: 'hook',
      source: hooked.deny.by,
      ...(hooked.deny.reason ? { reason: hooked.deny.reason } : {}),
    });
    return deniedOutcome(tool.name, hooked.deny.reason, hooked.deny.by);
  }
  let needed = await permissionOf(tool, input, ctx, env.signal);
  if (needed === 'aborted') return interruptedOutcome(tool.name);
  // A hook that asks gets a card even for a read-only tool, with the approval a command needs.
  if (needed.permission === 'read' && hooked.permission?.decision === 'ask') {
    needed = { permission: 'exec', reason: `${hooked.permission.by} asks for approval` };
  }
  if (needed.permission !== 'read') {
    moveTo(call, 'awaiting_person');
    const denied = await askPermission(call, input, ctx, env, needed, hooked.permission);
    if (denied) return denied;
  }

  moveTo(call, tool.interactive ? 'awaiting_person' : 'running');
  let running: Promise<ToolResult>;
  try {
    // A tool not written as `async` may return its result (or a thenable) as it is.
    running = Promise.resolve(tool.execute(input, ctx));
  } catch (error) {
    // A throw before the tool's first await fails the call as a rejection does.
    running = Promise.reject(error);
  }
  const run = await abortable(running, env.signal);
  if (run.kind === 'aborted' || env.signal.aborted) {
    if (partial) return interruptedOutcome(tool.name, partial);
    return interruptedOutcome(tool.name, undefined, await reportedOnAbort(running));
  }
  if (run.kind === 'error') {
    if (run.error instanceof ToolError) return errorOutcome(run.error.message);
    return errorOutcome(`${tool.name} failed: ${errorMessage(run.error)}`);
  }
  const result = run.value;
  if (!result || typeof result.output !== 'string') {
    return errorOutcome(`${tool.name} failed: it returned no output`);
  }
  const outcome: CallOutcome = { status: result.isError ? 'error' : 'ok', result };
  if (!hooked.context && !env.hooks?.after) return outcome;
  return withHookText(call, input, outcome, hooked.context, env);
}

/** What the hooks before the call decided; nothing when there are none. */
async function beforeCall(
  call: ToolCall,
  input: unknown,
  env: CallEnvironment,
): Promise<BeforeCallVerdict | 'aborted'> {
  if (!env.hooks?.before) return {};
  const verdict = await abortable(
    attempt(() => env.hooks!.before!(hookedCall(call, input), env.signal)),
    env.signal,
  );
  if (verdict.kind === 'aborted' || env.signal.aborted) return 'aborted';
  return verdict.kind === 'value' ? verdict.value : {};
}

/**
 * The outcome of a call that ran, with the hooks' text after the tool's output for the model to
 * read: `before`, the text of the hooks before the call, then what the hooks after it add.
 */
async function withHookText(
  call: ToolCall,
  input: unknown,
  outcome: CallOutcome,
  before: string | undefined,
  env: CallEnvironment,
): Promise<CallOutcome> {
  const { status, result } = outcome;
  const added = before ? [before] : [];
  const after = env.hooks?.after;
  if (after && !env.signal.aborted) {
    const ran = { output: result.output, isError: result.isError === true, status };
    const verdict = await abortable(
      attempt(() => after(hookedCall(call, input), ran, env.signal)),
      env.signal,
    );
    if (verdict.kind === 'value' && verdict.value.context) added.push(verdict.value.context);
  }
  if (added.length === 0) return outcome;
  return { status, result: { ...result, output: [result.output, ...added].join('\n\n') } };
}

function hookedCall(call: ToolCall, input: unknown): HookedCall {
  return { id: call.activity.id, name: call.activity.name, input };
}

/** Why an interactive call (valid input) must not ask anybody now, or undefined when it may. */
function interactiveRefusal(tool: Tool, env: CallEnvironment): CallOutcome | undefined {
  if (!env.person.canAnswer('questionnaire')) {
    return errorOutcome(
      `${tool.name} is not available here: no person can answer questions in this session. Proceed with the context you have and state your assumptions.`,
    );
  }
  if (env.softStop?.aborted) return stoppedOutcome(tool.name);
  if (env.interactiveUsed.count >= env.maxInteractive) {
    const per = env.budgetPer ?? 'turn';
    return errorOutcome(
      env.maxInteractive === 0
        ? `${tool.name} is disabled (0 per ${per}): proceed with the context you have`
        : `${tool.name} budget exhausted (${env.maxInteractive} per ${per}): proceed with the context you have`,
    );
  }
  return undefined;
}

/**
 * Whether this call would really open a questionnaire if run now: an interactive tool, input
 * valid, somebody to answer, no soft stop pending and budget left. Precedence is decided on
 * this, after validation and the budget check.
 */
export function wouldAsk(call: ToolCall, env: CallEnvironment): boolean {
  if (!call.tool?.interactive || !call.validation.ok) return false;
  if (!env.person.canAnswer('questionnaire') || env.softStop?.aborted) return false;
  return env.interactiveUsed.count < env.maxInteractive;
}

/** How long an interrupted tool may take to report what it had (a killed command's output). */
export const ABORT_REPORT_MS = 300;

/**
 * The output an aborted tool reports on its own within ABORT_REPORT_MS (a command killed with
 * its process group resolves with the output so far); undefined when it reports nothing in time.
 */
async function reportedOnAbort(running: Promise<ToolResult>): Promise<string | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), ABORT_REPORT_MS);
  });
  try {
    const result = await Promise.race([running.catch(() => undefined), late]);
    return typeof result?.output === 'string' && result.output !== '' ? result.output : undefined;
  } finally {
    clearTimeout(timer);
  }
}
