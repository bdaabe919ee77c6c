import {
  decideByRules,
  type PermissionDecision,
  type PersonAnswer,
  type PersonChannel,
  type PersonRequest,
  type PersonRequestKind,
} from '@agent/tools';
import type { AgentMode } from './agent-mode';

/** `channel` with its approvals answered by `approve` (which may pass them on); others unchanged. */
function approvingWith(
  channel: PersonChannel,
  approve: (request: PersonRequest<'approval'>) => Promise<PermissionDecision>,
): PersonChannel {
  return {
    canAnswer: (kind) => channel.canAnswer(kind),
    ask: <K extends PersonRequestKind>(request: PersonRequest<K>): Promise<PersonAnswer<K>> =>
      request.kind === 'approval'
        ? (approve(request as PersonRequest<'approval'>) as Promise<PersonAnswer<K>>)
        : channel.ask(request),
  };
}

/**
 * `channel` answering, in accept-edits mode, the approvals of workspace edits itself: a write
 * or edit of a workspace path that its tool did not raise to `exec` (protected files such as
 * `.git/`, `.mcp.json`, `.agent/` and the agent home keep their card). Commands still ask. Meant
 * behind the permission rules, so a deny rule still wins.
 */
export function acceptingEdits(mode: () => AgentMode, channel: PersonChannel): PersonChannel {
  return approvingWith(channel, async (request) => {
    const { permission, reason, subjectKind } = request.payload;
    const edit = permission === 'edit' && reason === undefined && subjectKind === 'path';
    if (edit && mode() === 'accept-edits') return { kind: 'allow' };
    return channel.ask(request);
  });
}

/**
 * `channel` refusing, in plan mode, every call that needs approval (edits, commands, a
 * subagent's or a server's tools) before any rule or card: nothing changes until a plan is
 * approved. Known read-only commands still pass. Behind the tools plan mode offers (reading ones
 * only, to subagents too), it is the guard for whatever still asks.
 */
export function planGuard(mode: () => AgentMode, channel: PersonChannel): PersonChannel {
  return approvingWith(channel, async (request) => {
    if (mode() !== 'plan') return channel.ask(request);
    const verdict = await decideByRules([], request.payload);
    if (verdict.action === 'allow') return channel.ask(request);
    return {
      kind: 'deny',
      by: 'plan mode',
      reason: `nothing is changed or run before the person approves a plan: finish investigating, then present the plan with present_plan`,
    };
  });
}
