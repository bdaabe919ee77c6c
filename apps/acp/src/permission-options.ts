import type { PermissionDecision, PermissionRequest } from '@agent/tools';
import { approvalChoices, decisionFor, type ApprovalChoice } from '@agent/tools/permission-rules';
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
 * The options an editor shows for a call: the runtime's choices (once, "always" with its rule and
 * scope when the call can be analysed, deny), with the same words as the REPL's card.
 */
export function permissionOptions(request: PermissionRequest): PermissionOption[] {
  return approvalChoices(request).choices.map((choice) => ({
    optionId: optionId(choice),
    name: choice.label,
    kind: choice.kind,
  }));
}

/**
 * The editor's answer as a decision: the chosen option's (an "always" one adds its rule, which the
 * runtime keeps); an option this call did not offer, or a cancelled request, refuses the call.
 */
export function permissionDecision(
  request: PermissionRequest,
  response: RequestPermissionResponse,
): PermissionDecision {
  const outcome = response.outcome;
  const chosen = outcome.outcome === 'selected' && 'optionId' in outcome ? outcome.optionId : '';
  const choice = approvalChoices(request).choices.find((c) => optionId(c) === chosen);
  return choice
    ? decisionFor(choice)
    : { kind: 'deny', by: 'the editor, which cancelled the request' };
}
