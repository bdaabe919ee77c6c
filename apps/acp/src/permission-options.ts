import type { ApprovalChoice, ApprovalChoices, CardAnswer } from '@agent/runtime';
import type { PermissionOption, RequestPermissionResponse } from './schema';

/** The editor's option ids, stable across requests (the first four as before the choices moved). */
const OPTION_ID: Record<ApprovalChoice['id'], string> = {
  once: 'allow-once',
  session: 'allow-always',
  workspace: 'allow-always-workspace',
  user: 'allow-always-user',
  'deny-session': 'reject-always',
  deny: 'reject-once',
};

function optionId(choice: ApprovalChoice): string {
  return OPTION_ID[choice.id];
}

/**
 * The options an editor shows for a call: the choices the runtime computed for it (once, "always"
 * with its rule and scope when the call can be analysed, deny), with the same words as the REPL's
 * card.
 */
export function permissionOptions(choices: ApprovalChoices): PermissionOption[] {
  return choices.choices.map((choice) => ({
    optionId: optionId(choice),
    name: choice.label,
    kind: choice.kind,
  }));
}

/**
 * The editor's answer as the choice it picked; an option this call did not offer, or a cancelled
 * request, denies the call, saying the editor cancelled it.
 */
export function permissionChoice(
  choices: ApprovalChoices,
  response: RequestPermissionResponse,
): Extract<CardAnswer, { kind: 'approval' }> {
  const outcome = response.outcome;
  const chosen = outcome.outcome === 'selected' && 'optionId' in outcome ? outcome.optionId : '';
  const choice = choices.choices.find((c) => optionId(c) === chosen);
  return choice
    ? { kind: 'approval', choice: choice.id }
    : { kind: 'approval', choice: 'deny', reason: 'the editor cancelled the request' };
}
