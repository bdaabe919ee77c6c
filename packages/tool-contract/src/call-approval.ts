import type { PermissionDecision, PermissionRequest } from './permission';

/**
 * Who decided a call's approval: the person on a card, a permission rule in force (flags,
 * settings, an earlier "always"), the agent mode, a PreToolUse hook, or a policy with nobody at
 * the keyboard (headless).
 */
export type ApprovalDecider = 'person' | 'rule' | 'mode' | 'hook' | 'policy';

/** The person's answer on a card: allow once, always (a rule, for a scope), deny, deny always. */
export type ApprovalChoiceKind = 'once' | 'always' | 'deny' | 'deny-always';

/**
 * How one call's approval went, as the session records it with the call and every front end
 * words it (never parsed back from text). Data only: the rule is a command pattern, never an
 * environment value.
 */
export interface CallApproval {
  allowed: boolean;
  by: ApprovalDecider;
  /** The person's choice (`by: 'person'`). */
  choice?: ApprovalChoiceKind;
  /** The rule an "always" answer added, or the rule in force that decided (`by: 'rule'`). */
  rule?: string;
  /** Where an "always allow" rule is kept. */
  scope?: 'session' | 'workspace' | 'user';
  /** The person's words with a denial. */
  reason?: string;
  /** The mode that decided (`by: 'mode'`): `accept-edits`, `plan`. */
  mode?: string;
  /** Who decided, in words, for a hook or a policy (`the headless policy`). */
  source?: string;
  /** A command the sandbox blocked, allowed to run again once outside it or with network. */
  leaveSandbox?: 'outside' | 'network';
  /** The front end the person answered on (`the terminal`, `the web page`, `the editor`). */
  on?: string;
  /** A card was shown before the mode decided (the person switched to it on the card). */
  asked?: boolean;
}

/** What a decider adds to its decision; the rest of the record comes from the decision itself. */
export type ApprovalFacts = Omit<CallApproval, 'allowed' | 'leaveSandbox'>;

/**
 * The record of `decision` for the call `request` asked about: whether it may run, who decided
 * (the person, unless the decision's facts name another or a denial names who denied it), the person's choice with its rule,
 * scope and reason, and whether it leaves the sandbox.
 */
export function callApproval(
  decision: PermissionDecision,
  request: Pick<PermissionRequest, 'leaveSandbox'>,
): CallApproval {
  const facts: ApprovalFacts = decision.approval ?? decidedBy(decision);
  const allowed = decision.kind === 'allow';
  const record: CallApproval = { allowed, ...facts };
  if (facts.by === 'person' && record.choice === undefined) {
    record.choice = allowed
      ? decision.always
        ? 'always'
        : 'once'
      : decision.always
        ? 'deny-always'
        : 'deny';
  }
  if (decision.rule !== undefined && record.rule === undefined) record.rule = decision.rule;
  if (decision.kind === 'allow' && decision.scope && record.scope === undefined) {
    record.scope = decision.scope;
  }
  const reason = decision.kind === 'deny' ? decision.reason?.trim() : undefined;
  if (reason && record.reason === undefined) record.reason = reason;
  if (allowed && request.leaveSandbox) record.leaveSandbox = request.leaveSandbox;
  return record;
}

/** Who decided a decision that does not say it as data: a denial's `by`, else the person. */
function decidedBy(decision: PermissionDecision): ApprovalFacts {
  return decision.kind === 'deny' && decision.by !== undefined
    ? { by: 'policy', source: decision.by }
    : { by: 'person' };
}

/**
 * How a call's approval went, in the words every front end shows it with (`here`: the front end
 * showing it, which goes unnamed): `Always allowed (write_file(a.md))`, `Allowed`, `Allowed on the
 * web page`, `Allowed by accept-edits mode` (the mode switched to on its card). Nothing for a
 * denial (the call says it was denied, and why) nor for a call no card asked about (a rule or
 * the mode allowed it).
 */
export function approvalWords(
  approval: CallApproval | undefined,
  tool: string,
  here: string,
): string | undefined {
  if (!approval?.allowed) return undefined;
  if (approval.by === 'mode') {
    return approval.asked && approval.mode ? `Allowed by ${approval.mode} mode` : undefined;
  }
  if (approval.by !== 'person') return undefined;
  const allowed =
    approval.choice === 'always' ? `Always allowed (${approval.rule ?? tool})` : 'Allowed';
  const on = answeredElsewhere(approval.on, here);
  return on ? `${allowed} on ${on}` : allowed;
}

/**
 * How a call's approval went, in the words every front end shows under it (`here`: the front end
 * showing it, each adding only its own framing): `Answered on the editor` for a questionnaire or
 * plan answered on another front end (`answeredOn`), else its approval's words (`approvalWords`).
 */
export function callApprovalWords(
  call: { name: string; approval?: CallApproval; answeredOn?: string },
  here: string,
): string | undefined {
  const on = answeredElsewhere(call.answeredOn, here);
  if (on) return `Answered on ${on}`;
  return approvalWords(call.approval, call.name, here);
}

/** The front end a card was answered on, when it was not `here` (`the web page`). */
export function answeredElsewhere(on: string | undefined, here: string): string | undefined {
  return on === here ? undefined : on;
}
