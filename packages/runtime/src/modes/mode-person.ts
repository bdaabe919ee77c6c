import {
  ApprovedByMode,
  decideByRules,
  type PermissionDecision,
  type PermissionRequest,
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
 * Whether `mode` itself approves `request`: in accept-edits, a write or edit of a workspace path
 * that its tool did not raise to `exec` (protected files such as `.git/`, `.mcp.json`, `.agent/`
 * and the agent home keep their card). Commands still ask.
 */
export function modeApproves(mode: AgentMode, request: PermissionRequest): boolean {
  const { permission, reason, subjectKind } = request;
  return (
    mode === 'accept-edits' &&
    permission === 'edit' &&
    reason === undefined &&
    subjectKind === 'path'
  );
}

/** Hears each mode change; the returned function stops listening. */
export type ModeWatch = (listener: (mode: AgentMode) => void) => () => void;

/**
 * `channel` answering the approvals its mode approves itself (see modeApproves), also while a
 * card waits: a switch to such a mode (Shift+Tab on the card) withdraws the card and allows the
 * call. Meant behind the permission rules, so a deny rule still wins.
 */
export function acceptingEdits(
  mode: () => AgentMode,
  channel: PersonChannel,
  watch?: ModeWatch,
): PersonChannel {
  return approvingWith(channel, (request) => {
    if (modeApproves(mode(), request.payload)) return Promise.resolve({ kind: 'allow' });
    if (!watch) return channel.ask(request);
    return askUntilApproved(channel, request, watch);
  });
}

/** Asks `channel`; a mode change that approves the request first withdraws the card and allows. */
function askUntilApproved(
  channel: PersonChannel,
  request: PersonRequest<'approval'>,
  watch: ModeWatch,
): Promise<PermissionDecision> {
  const card = new AbortController();
  const forward = (): void => card.abort(request.signal.reason);
  request.signal.addEventListener('abort', forward, { once: true });
  let approved = false;
  const stop = watch((mode) => {
    if (!modeApproves(mode, request.payload) || card.signal.aborted) return;
    approved = true;
    card.abort(new ApprovedByMode(mode));
  });
  return channel
    .ask({ ...request, signal: card.signal })
    .catch((error: unknown) => {
      if (approved) return { kind: 'allow' } as PermissionDecision;
      throw error;
    })
    .finally(() => {
      stop();
      request.signal.removeEventListener('abort', forward);
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
