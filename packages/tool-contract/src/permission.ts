import type { ApprovalFacts } from './call-approval';
import type { PermissionClass } from './tool';

/** One question to the person: may this call run? */
export interface PermissionRequest {
  toolCallId: string;
  toolName: string;
  permission: Exclude<PermissionClass, 'read'>;
  /** One line describing the call, from the tool's `describe`. */
  title: string;
  input: unknown;
  /** Why the call needs `exec` approval although its tool edits (see `Tool.escalate`). */
  reason?: string;
  /** What would change (a unified diff for edits), when the tool can tell beforehand. */
  preview?: string;
  /** What permission rules match against (see RuleSubject), when the tool names one. */
  subject?: string;
  subjectKind?: RuleSubject['kind'];
  /** Why the allow rules naming this tool did not cover the call, when there are some. */
  notCovered?: string;
  /**
   * The sandbox blocked this command (`reason` says what) and it would run again once, outside
   * the sandbox or with network. Only the person answers it: permission rules never do, and the
   * answer is never "always".
   */
  leaveSandbox?: 'outside' | 'network';
  /**
   * A PreToolUse hook's decision (`by` names it): `allow` answers like an allow rule, except
   * where the sandbox or a code-running path requires the card (`leaveSandbox`, `reason`);
   * `ask` shows the card even where an allow rule matches. A deny rule beats both.
   */
  hook?: { decision: 'allow' | 'ask'; by: string };
}

/**
 * What a call's permission rules match: a command line (by prefix), a workspace path (by glob) or
 * a web host (by glob: `web_fetch(docs.example.com)`, `web_fetch(*.example.com)`).
 */
export interface RuleSubject {
  kind: 'command' | 'path' | 'domain';
  value: string;
}

/** The answer: the person's, or a rule's or policy's (`by`). A denial may carry words for the model. */
export type PermissionDecision =
  | {
      kind: 'allow';
      /** "Always": allow calls matching `rule` from now on, for `scope` (default the session). */
      always?: boolean;
      /** The rule the person chose, e.g. `run_shell(npm test)`; the tool's name when absent. */
      rule?: string;
      scope?: 'session' | 'workspace' | 'user';
      /** Who decided, when not the person on a card, and where the person answered. */
      approval?: ApprovalFacts;
    }
  | {
      kind: 'deny';
      reason?: string;
      /** "Always": refuse calls matching `rule` (the tool's name when absent) for this session. */
      always?: boolean;
      rule?: string;
      /**
       * Who denied the call when it was not the person answering a card: `the deny rule
       * run_shell(rm) (--deny)`, `the headless policy`. Absent for the person's own answer.
       */
      by?: string;
      /** Who decided, as data (see `CallApproval`). */
      approval?: ApprovalFacts;
    };
