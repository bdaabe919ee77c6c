import {
  askPerson,
  callApproval,
  ToolError,
  type CallApproval,
  type PermissionClass,
  type PermissionRequest,
  type RuleSubject,
  type Tool,
  type ToolContext,
} from '@agent/tools';
import { abortable, attempt, errorMessage } from './abortable';
import { errorOutcome, interruptedOutcome, type CallOutcome } from './call-outcome';
import type { CallEnvironment } from './execute-call';
import type { BeforeCallVerdict } from './loop-hooks';
import type { ToolCall } from './tool-call';

/*
 * A call's permission: the class it needs, the card that asks the person (with its preview and
 * the rule subject), the record of how it went, and what the model is told of a denial.
 */

/**
 * The permission this call needs: the tool's class, or `exec` when the tool escalates it (a write
 * that makes git run code). An escalation that fails counts as `exec`, never as less.
 */
export async function permissionOf(
  tool: Tool,
  input: unknown,
  ctx: ToolContext,
  signal: AbortSignal,
): Promise<{ permission: PermissionClass; reason?: string } | 'aborted'> {
  if (!tool.escalate) return { permission: tool.permission };
  const raised = await abortable(
    attempt(() => tool.escalate!(input, ctx)),
    signal,
  );
  if (raised.kind === 'aborted') return 'aborted';
  if (raised.kind === 'error') {
    return {
      permission: 'exec',
      reason: `could not tell whether this call makes a program run code (${errorMessage(raised.error)})`,
    };
  }
  return raised.value ?? { permission: tool.permission };
}

/** Returns an outcome when the call must not run (denied, interrupted, failed), else undefined. */
export async function askPermission(
  call: ToolCall,
  input: unknown,
  ctx: ToolContext,
  env: CallEnvironment,
  needed: { permission: PermissionClass; reason?: string },
  hook?: BeforeCallVerdict['permission'],
): Promise<CallOutcome | undefined> {
  const tool = call.tool!;
  let preview: string | undefined;
  if (tool.preview) {
    const previewed = await abortable(
      attempt(() => tool.preview!(input, ctx)),
      env.signal,
    );
    if (previewed.kind === 'aborted') return interruptedOutcome(tool.name);
    // A call that cannot apply fails now: the person is never asked to approve it.
    if (previewed.kind === 'error' && previewed.error instanceof ToolError) {
      return errorOutcome(previewed.error.message);
    }
    if (previewed.kind === 'value') preview = previewed.value;
  }
  const request: PermissionRequest = {
    toolCallId: ctx.toolCallId,
    toolName: tool.name,
    permission: needed.permission as Exclude<PermissionClass, 'read'>,
    title: call.title,
    ...(needed.reason === undefined ? {} : { reason: needed.reason }),
    input,
    preview,
    ...ruleSubjectOf(tool, input),
    ...(hook ? { hook } : {}),
  };
  const decision = await abortable(
    attempt(() =>
      askPerson(env.person, 'approval', request, {
        signal: env.signal,
        toolCallId: ctx.toolCallId,
      }),
    ),
    env.signal,
  );
  if (decision.kind === 'aborted' || env.signal.aborted) return interruptedOutcome(tool.name);
  if (decision.kind === 'error') {
    return errorOutcome(
      `${tool.name} was not run: the permission request failed (${errorMessage(decision.error)})`,
    );
  }
  approved(call, env, callApproval(decision.value, request));
  if (decision.value.kind === 'allow') return undefined;
  return deniedOutcome(tool.name, decision.value.reason?.trim(), decision.value.by);
}

/** Keeps how the call's approval went on its record, and says so to the front ends. */
export function approved(call: ToolCall, env: CallEnvironment, approval: CallApproval): void {
  call.activity.approval = approval;
  env.emit({ type: 'tool_approved', id: call.activity.id, approval: { ...approval } });
}

/**
 * What the model is told of a denial: the person's, with their words, or a rule's or policy's
 * (`by`), never passed off as the person's.
 */
export function deniedOutcome(
  name: string,
  reason: string | undefined,
  by: string | undefined,
): CallOutcome {
  const retry = 'Do not retry it unchanged; take another approach.';
  if (by !== undefined) {
    const why = reason ? ` ${reason.charAt(0).toUpperCase()}${reason.slice(1)}` : ` ${retry}`;
    return {
      status: 'denied',
      result: {
        output: `This ${name} call was denied, not by a person: it was blocked by ${by}.${why}`,
        isError: true,
        summary: reason ? `denied: ${reason}` : `denied: blocked by ${by}`,
      },
    };
  }
  return {
    status: 'denied',
    result: {
      output: reason
        ? `The person denied this ${name} call. Their reason: ${reason}`
        : `The person denied this ${name} call. Do not retry it unchanged; ask or take another approach.`,
      isError: true,
      summary: reason ? `denied: ${reason}` : 'denied',
    },
  };
}

/** The request fields permission rules match on, from the tool's `ruleSubject`. */
function ruleSubjectOf(
  tool: Tool,
  input: unknown,
): { subject?: string; subjectKind?: RuleSubject['kind'] } {
  try {
    const subject = tool.ruleSubject?.(input);
    return subject ? { subject: subject.value, subjectKind: subject.kind } : {};
  } catch {
    return {};
  }
}
