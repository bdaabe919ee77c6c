import { z } from 'zod/v4';
import { askPerson, defineTool, type PlanDecision, type Tool } from '@agent/tools';
import { modeLabel, type AgentMode } from './agent-mode';

export const PRESENT_PLAN = 'present_plan';

/** The longest plan accepted, in characters (a plan, not a document). */
export const MAX_PLAN_CHARS = 20_000;

const inputSchema = z
  .object({
    plan: z
      .string()
      .refine((plan) => plan.trim() !== '', { message: 'must not be empty or whitespace-only' })
      .refine((plan) => plan.length <= MAX_PLAN_CHARS, {
        message: `expected at most ${MAX_PLAN_CHARS} characters`,
      })
      .describe(
        'The whole plan, in Markdown: what you found, the steps you will take (files to change and how), how you will verify them, and the decisions the person made. Always the whole plan, also when revising one.',
      ),
  })
  .strict();

export type PresentPlanInput = z.infer<typeof inputSchema>;

/** What a plan call keeps beside its result (replay shows it): the decision, as answered. */
export type PlanDetails = PlanDecision;

/**
 * `present_plan`, offered in plan mode only: shows the whole plan to the person, who approves it
 * (for accept-edits or default mode: `setMode` switches, so the next request offers the edit
 * tools) or asks for more planning with a note. Its input and result are retained like a
 * questionnaire's (sessions, later requests, compaction). Where nobody can decide (headless),
 * the plan stands as presented and `stopTurn` ends the turn after this call.
 */
export function presentPlanTool(deps: {
  setMode(mode: AgentMode): void;
  stopTurn(): void;
}): Tool<PresentPlanInput> {
  return defineTool({
    name: PRESENT_PLAN,
    description:
      'Plan mode only: present your plan (Markdown) to the person and wait for their decision. They approve it (then plan mode ends and you carry it out) or ask you to keep planning with a note (then revise it and present the whole plan again). Call it once your investigation and questions are done; never write the plan as plain text instead.',
    inputSchema,
    permission: 'read',
    retainsOutput: true,
    // Nothing happens before the decision: a plan left open is offered again on resume where a
    // person decides plans (elsewhere it is closed as interrupted, like a questionnaire).
    resumable: true,
    describe: (input) => `present a plan (${lineCount(input.plan)})`,
    async execute(input, ctx) {
      const decision: PlanDecision = ctx.person.canAnswer('plan')
        ? await askPerson(ctx.person, 'plan', { plan: input.plan }, ctx)
        : { decision: 'unanswered', by: 'this session, where nobody can approve a plan' };
      if (decision.decision === 'approve') deps.setMode(decision.mode);
      if (decision.decision === 'unanswered') deps.stopTurn();
      return { output: planResult(decision), summary: planSummary(decision), details: decision };
    },
  });
}

/** What the model reads of the person's decision. */
export function planResult(decision: PlanDecision): string {
  switch (decision.decision) {
    case 'approve': {
      const approved = approvedResult(decision);
      return decision.plan === undefined
        ? approved
        : `${approved}\nThe person edited the plan before approving it: carry out this version, not the one you presented.\n\n${decision.plan}`;
    }
    case 'keep-planning':
      if (decision.note.trim() === '') {
        return 'The person sent the plan back without approving it and gave no note. Stay in plan mode: ask what they want changed (ask_user) or revise the plan, then present the whole plan again with present_plan.';
      }
      return `The person did not approve the plan yet and wants more planning. Their note: ${decision.note}\nStay in plan mode: investigate or ask as the note needs, then present the whole revised plan with present_plan.`;
    case 'unanswered':
      return `The plan was presented, but nobody can approve it in ${decision.by}. Stop now: change nothing, and do not present it again.`;
  }
}

function approvedResult(decision: { mode: 'accept-edits' | 'default' }): string {
  return decision.mode === 'accept-edits'
    ? 'The person approved the plan. Plan mode has ended; the mode is now accept edits: workspace edits run without asking, commands still ask. Carry out the plan now.'
    : 'The person approved the plan. Plan mode has ended; the mode is now default: each edit and command asks the person. Carry out the plan now.';
}

/** One line for status lines and replays. */
export function planSummary(decision: PlanDecision): string {
  switch (decision.decision) {
    case 'approve':
      return `plan approved · ${modeLabel(decision.mode)}`;
    case 'keep-planning':
      return `keep planning: ${decision.note}`;
    case 'unanswered':
      return 'plan presented; nobody to approve it';
  }
}

function lineCount(plan: string): string {
  const lines = plan.split('\n').length;
  return `${lines} line${lines === 1 ? '' : 's'}`;
}
