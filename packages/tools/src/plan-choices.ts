import type { PlanDecision } from '@agent/tool-contract';

/**
 * One answer a person can give to a presented plan, in the same words in every front end:
 * approve and switch to accept-edits, approve and keep asking before each edit, or keep planning
 * (with a note for the model, where the front end can take one).
 */
export interface PlanChoice {
  id: 'accept-edits' | 'default' | 'keep-planning';
  /** How an editor's permission option classes it. */
  kind: 'allow_always' | 'allow_once' | 'reject_once';
  label: string;
}

/** The plan card's choices, in the order shown (the first is the default). */
export const PLAN_CHOICES: readonly PlanChoice[] = [
  {
    id: 'accept-edits',
    kind: 'allow_always',
    label: 'Approve, and accept edits (workspace edits run without a card)',
  },
  { id: 'default', kind: 'allow_once', label: 'Approve, and ask before each edit' },
  { id: 'keep-planning', kind: 'reject_once', label: 'Keep planning' },
];

/**
 * What picking `choice` decides: an approval switches to its mode (carrying `edited`, the plan as
 * the person edited it, when they did); keeping planning sends `note` back to the model.
 */
export function planDecisionFor(
  choice: PlanChoice['id'],
  note = '',
  edited?: string,
): PlanDecision {
  if (choice === 'keep-planning') return { decision: 'keep-planning', note };
  return { decision: 'approve', mode: choice, ...(edited === undefined ? {} : { plan: edited }) };
}
