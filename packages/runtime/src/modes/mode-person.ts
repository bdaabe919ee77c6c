import {
  ApprovedByMode,
  decideByRules,
  type Approve,
  type PermissionDecision,
  type PermissionRequest,
  type PersonRequest,
} from '@agent/tools';
import type { AgentMode } from './agent-mode';

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
 * Approvals the mode approves itself (see modeApproves) allowed, the others asked of `ask`, also
 * while a card waits: a switch to such a mode (Shift+Tab on the card) withdraws the card and
 * allows the call. Meant behind the permission rules, so a deny rule still wins.
 */
export function acceptingEdits(mode: () => AgentMode, ask: Approve, watch?: ModeWatch): Approve {
  return (request) => {
    const now = mode();
    if (modeApproves(now, request.payload)) {
      return Promise.resolve({ kind: 'allow', approval: { by: 'mode', mode: now } });
    }
    if (!watch) return ask(request);
    return askUntilApproved(ask, request, watch);
  };
}

/** Asks `ask`; a mode change that approves the request first withdraws the card and allows. */
function askUntilApproved(
  ask: Approve,
  request: PersonRequest<'approval'>,
  watch: ModeWatch,
): Promise<PermissionDecision> {
  const card = new AbortController();
  const forward = (): void => card.abort(request.signal.reason);
  request.signal.addEventListener('abort', forward, { once: true });
  let approved: AgentMode | undefined;
  const stop = watch((mode) => {
    if (!modeApproves(mode, request.payload) || card.signal.aborted) return;
    approved = mode;
    card.abort(new ApprovedByMode(mode));
  });
  return ask({ ...request, signal: card.signal })
    .catch((error: unknown) => {
      if (approved !== undefined) {
        return {
          kind: 'allow',
          approval: { by: 'mode', mode: approved, asked: true },
        } as PermissionDecision;
      }
      throw error;
    })
    .finally(() => {
      stop();
      request.signal.removeEventListener('abort', forward);
    });
}

/**
 * In plan mode, every call that needs approval (edits, commands, a subagent's or a server's
 * tools) refused before any rule or card: nothing changes until a plan is approved. Known
 * read-only commands still go on to `next`, as does everything outside plan mode. Behind the
 * tools plan mode offers (reading ones only, to subagents too), it is the guard for whatever
 * still asks.
 */
export function planGuard(mode: () => AgentMode, next: Approve): Approve {
  return async (request) => {
    if (mode() !== 'plan') return next(request);
    const verdict = await decideByRules([], request.payload);
    if (verdict.action === 'allow') return next(request);
    return {
      kind: 'deny',
      by: 'plan mode',
      approval: { by: 'mode', mode: 'plan' },
      reason: `nothing is changed or run before the person approves a plan: finish investigating, then present the plan with present_plan`,
    };
  };
}
