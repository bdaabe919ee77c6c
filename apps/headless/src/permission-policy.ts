import { unattendedPerson } from '@agent/runtime';
import type { PermissionRequest, PersonChannel } from '@agent/tools';

/** Where a plan presented in plan mode goes: printed for the person, who decides after the run. */
export type PlanPrinter = (plan: string) => void;

/**
 * The headless person channel: the policy, applied at once with nobody to ask. `read` tools
 * never reach it, nor do calls the permission rules decide (known read-only commands included); `edit` calls run (the file tools cannot leave the workspace); anything else,
 * including edits the loop raised to `exec` (a write that makes git run code), is denied with a
 * reason that tells the model, and the person reading the log, how to allow it. `yes` approves
 * all. A plan (`--mode plan`) goes to `printPlan` and stays unanswered: the run ends with it,
 * nothing changed. Nothing else is answered: MCP servers' forms are declined, and no
 * questionnaire opens.
 */
export function headlessPerson(options: { yes: boolean; printPlan?: PlanPrinter }): PersonChannel {
  const { printPlan } = options;
  const by = 'the headless policy';
  return unattendedPerson({
    // The call's own choices, as a card would offer them: the policy picks once or deny.
    approval: ({ payload }) => {
      // Not even --yes: a headless run leaves the sandbox only when started with --sandbox off.
      if (payload.leaveSandbox) {
        const reason =
          'headless runs never leave the sandbox; start the run with --sandbox off to run commands without it';
        return { choice: 'deny', reason, by };
      }
      // Recorded as its own decider: the policy did not allow it, the person's --yes did.
      if (options.yes) return { choice: 'once', by: 'the --yes flag' };
      if (payload.permission === 'edit') return { choice: 'once' };
      return { choice: 'deny', reason: denialReason(payload), by };
    },
    ...(printPlan && {
      plan: ({ payload }) => {
        printPlan(payload.plan);
        return {
          decision: 'unanswered' as const,
          by: 'this headless run (the plan is printed; run again in another mode to carry it out)',
        };
      },
    }),
  });
}

export function denialReason(request: PermissionRequest): string {
  const why = request.reason ? ` needs the approval a command needs (${request.reason}) and` : '';
  const rules = request.notCovered ? ` No rule allowed it: ${request.notCovered}.` : '';
  return `this is a headless run, which only allows read-only tools and commands and edits inside the workspace; ${request.toolName} (${request.title})${why} was not run. To allow it, re-run with --yes.${rules}`;
}

/** The system prompt section that tells the model nobody is watching, and what runs. */
export function headlessGuidance(yes: boolean): string {
  const allowed = yes
    ? 'Every tool call is approved in this run.'
    : 'Read-only tools, known read-only commands (ls, cat, grep, git status, ...) and edits inside the workspace run; other calls (other commands, web fetches, and writes that make code run later: inside .git, .agent, .mcp.json) are refused in this run.';
  return `This is an unattended (headless) run: nobody is watching and nobody can answer questions. Make reasonable assumptions, state them, and finish the task. ${allowed}`;
}
