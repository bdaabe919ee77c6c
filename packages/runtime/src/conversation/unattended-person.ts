import {
  answerAtOnce,
  approvalChoices,
  decisionFor,
  type ApprovalChoice,
  type ApprovalChoices,
  type PermissionDecision,
  type PersonChannel,
  type PersonRequest,
  type PlanDecision,
} from '@agent/tools';

/**
 * The choice a policy picks for a call, with the reason a denial gives and who decided it (its
 * record's source; `the headless policy` when absent).
 */
export interface UnattendedPick {
  choice: ApprovalChoice['id'];
  reason?: string;
  by?: string;
}

/** How a run with nobody at the keyboard answers: a pick among each call's choices, a plan. */
export interface UnattendedAnswers {
  approval(request: PersonRequest<'approval'>, choices: ApprovalChoices): UnattendedPick;
  plan?(request: PersonRequest<'plan'>): PlanDecision;
}

/**
 * A person channel that answers at once (a headless run): each approval by the choice the policy
 * picks among those the runtime computed for the call (so what a choice does is decided here, as
 * for every front end); a plan as the policy says; every other kind is refused at once. No person
 * answers here, so a call a crash left open is closed as interrupted on resume, whatever its kind.
 */
export function unattendedPerson(answers: UnattendedAnswers): PersonChannel {
  const channel = answerAtOnce({
    approval: (request) => {
      const choices = approvalChoices(request.payload);
      const pick = answers.approval(request, choices);
      const choice =
        choices.choices.find((c) => c.id === pick.choice) ??
        choices.choices.find((c) => c.id === 'deny')!;
      const decision: PermissionDecision = {
        ...decisionFor(choice, pick.reason),
        approval: { by: 'policy', source: pick.by ?? 'the headless policy' },
      };
      return decision.kind === 'deny' && pick.by ? { ...decision, by: pick.by } : decision;
    },
    ...(answers.plan && { plan: answers.plan }),
  });
  return { ...channel, personAnswers: () => false };
}
