import type {
  ApprovalFacts,
  PermissionDecision,
  PermissionRequest,
  AnyPersonRequest,
  PersonRequest,
} from '@agent/tool-contract';
import { ruleCovers, ruleReach, suggestRule } from './permission-rules';

/**
 * One answer a person can give to an approval: allow once, allow always (a rule, for a scope),
 * deny (a reason may go with it), or deny always for the session. Front ends draw these (a card's
 * rows, an editor's options) and hand the chosen one to `decisionFor`; they compute none of it.
 */
export interface ApprovalChoice {
  /** Stable id: front ends map their own option ids and keys onto it. */
  id: 'once' | 'session' | 'workspace' | 'user' | 'deny' | 'deny-session';
  /** What the answer does: `allow_once`, `allow_always`, `reject_once`, `reject_always`. */
  kind: 'allow_once' | 'allow_always' | 'reject_once' | 'reject_always';
  /** The words shown for it, the same in every front end. */
  label: string;
  /** The rule an "always" answer adds (`run_shell(npm test)`); only on "always" choices. */
  rule?: string;
  /** Where an "always allow" rule is kept. */
  scope?: 'session' | 'workspace' | 'user';
}

/** The choices for one call, and what its "always" covers. */
export interface ApprovalChoices {
  /** The question: `Allow running?`, or for a command the sandbox blocked, whether it leaves once. */
  question: string;
  choices: ApprovalChoice[];
  /** The rule every "always" choice adds; absent when the call gets no "always". */
  rule?: string;
  /** What that rule covers, in words (for a command rule), to show beside the choices. */
  reach?: string;
}

const ALLOW_VERB: Record<PermissionRequest['permission'], string> = {
  edit: 'editing',
  exec: 'running',
  network: 'fetching',
};

/**
 * The rule "always" would add for `request`: the suggested rule (`run_shell(npm test)`,
 * `write_file(a.txt)`), the whole tool for a call with no subject; none for a command line the
 * parser cannot analyse (`eval "$(curl x)"`, `$cmd`), for which any rule would allow more than
 * the person saw, nor for a command the sandbox blocked (it leaves the sandbox once, never always).
 */
function alwaysRule(request: PermissionRequest): string | undefined {
  if (request.leaveSandbox) return undefined;
  const suggested = suggestRule(request);
  if (suggested !== undefined) return suggested;
  return request.subjectKind === 'command' ? undefined : request.toolName;
}

/**
 * The choices a person gets for `request`, the same for the REPL's card, the editor's
 * permission request and any other front end: allow once; for an analysable call, "always
 * allow" its rule for the session, the workspace (saved) or everywhere (the person's settings);
 * "always deny" the rule for the session; deny (the last, where a reason goes). A command the sandbox blocked runs again
 * once (outside the sandbox or with network) or keeps its sandboxed result. A command run needs
 * the shell parser loaded to get an "always" (it is, once the rules have judged the call).
 */
export function approvalChoices(request: PermissionRequest): ApprovalChoices {
  const leave = request.leaveSandbox;
  if (leave) {
    return {
      question:
        leave === 'network'
          ? 'Blocked by the sandbox. Run once with network?'
          : 'Blocked by the sandbox. Run once outside it?',
      choices: [
        {
          id: 'once',
          kind: 'allow_once',
          label:
            leave === 'network'
              ? 'Yes, run it again once with network (still sandboxed otherwise)'
              : 'Yes, run it again once outside the sandbox, with your rights',
        },
        { id: 'deny', kind: 'reject_once', label: 'No, keep the sandboxed result' },
      ],
    };
  }
  const question = `Allow ${ALLOW_VERB[request.permission]}?`;
  const once: ApprovalChoice = { id: 'once', kind: 'allow_once', label: 'Yes, allow once' };
  const deny: ApprovalChoice = { id: 'deny', kind: 'reject_once', label: 'No, deny' };
  const rule = alwaysRule(request);
  if (rule === undefined) return { question, choices: [once, deny] };
  const reach = ruleReach(rule, request);
  return {
    question,
    rule,
    ...(reach !== undefined ? { reach } : {}),
    choices: [
      once,
      always('session', rule, `Always allow ${rule} for this session`),
      always('workspace', rule, `Always allow ${rule} in this workspace (.agent/)`),
      always('user', rule, `Always allow ${rule} everywhere (your settings)`),
      {
        id: 'deny-session',
        kind: 'reject_always',
        label: `No, and always deny ${rule} for this session`,
        rule,
      },
      deny,
    ],
  };
}

function always(scope: 'session' | 'workspace' | 'user', rule: string, label: string) {
  return { id: scope, kind: 'allow_always', label, rule, scope } satisfies ApprovalChoice;
}

/**
 * The decision a chosen choice makes, with the person's `reason` for a denial: an "always" choice
 * carries its rule and scope (the runtime keeps the rule; `coverWaiting` answers what it covers).
 */
export function decisionFor(choice: ApprovalChoice, reason?: string): PermissionDecision {
  const why = reason?.trim();
  switch (choice.kind) {
    case 'allow_once':
      return { kind: 'allow' };
    case 'allow_always':
      return { kind: 'allow', always: true, rule: choice.rule!, scope: choice.scope ?? 'session' };
    case 'reject_always':
      return { kind: 'deny', always: true, rule: choice.rule!, ...(why ? { reason: why } : {}) };
    case 'reject_once':
      return why ? { kind: 'deny', reason: why } : { kind: 'deny' };
  }
}

/** Whatever holds the requests waiting behind the one shown (the session's person queue). */
export interface WaitingApprovals {
  answerWaiting(match: (request: AnyPersonRequest) => boolean, answer: unknown): AnyPersonRequest[];
}

/**
 * What an answer does to the approvals already waiting: an "always allow" answer allows, without
 * showing them, the waiting approvals its rule covers. Returns the approvals it answered.
 */
export function coverWaiting(
  waiting: WaitingApprovals,
  decision: PermissionDecision,
): PersonRequest<'approval'>[] {
  if (decision.kind !== 'allow' || !decision.always || decision.rule === undefined) return [];
  const rule = decision.rule;
  // The person's "always" answered them: their records say so, with its rule and scope.
  const approval: ApprovalFacts = {
    ...(decision.approval ?? { by: 'person' }),
    choice: 'always',
    rule,
    scope: decision.scope ?? 'session',
  };
  return waiting
    .answerWaiting((other) => other.kind === 'approval' && ruleCovers(rule, other.payload), {
      kind: 'allow',
      approval,
    } satisfies PermissionDecision)
    .filter((other): other is PersonRequest<'approval'> => other.kind === 'approval');
}
