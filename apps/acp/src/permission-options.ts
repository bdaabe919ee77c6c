import type { PermissionDecision, PermissionRequest } from '@agent/tools';
import { suggestRule } from '@agent/tools/permission-rules';
import type { PermissionOption, RequestPermissionResponse } from './schema';

/** What "always" covers for a call: the rule the REPL's card suggests, else the whole tool. */
export function alwaysRule(request: PermissionRequest): string {
  return suggestRule(request) ?? request.toolName;
}

/** The four answers an editor offers for a call; "always" names the rule it adds. */
export function permissionOptions(request: PermissionRequest): PermissionOption[] {
  // A command the sandbox blocked runs again once, or not: there is no "always" to leave it.
  if (request.leaveSandbox) {
    return [
      {
        optionId: 'allow-once',
        name:
          request.leaveSandbox === 'network'
            ? 'Run once with network'
            : 'Run once outside the sandbox',
        kind: 'allow_once',
      },
      { optionId: 'reject-once', name: 'Keep the sandboxed result', kind: 'reject_once' },
    ];
  }
  const rule = alwaysRule(request);
  return [
    { optionId: 'allow-once', name: 'Allow once', kind: 'allow_once' },
    { optionId: 'allow-always', name: `Always allow ${rule} (this session)`, kind: 'allow_always' },
    { optionId: 'reject-once', name: 'Reject', kind: 'reject_once' },
    {
      optionId: 'reject-always',
      name: `Always reject ${rule} (this session)`,
      kind: 'reject_always',
    },
  ];
}

/**
 * The editor's answer as a decision: "always" adds a session rule (the runtime remembers it, as
 * after the REPL's card); anything else, a cancelled request included, refuses the call.
 */
export function permissionDecision(
  request: PermissionRequest,
  response: RequestPermissionResponse,
): PermissionDecision {
  const outcome = response.outcome;
  const chosen = outcome.outcome === 'selected' && 'optionId' in outcome ? outcome.optionId : '';
  const rule = alwaysRule(request);
  if (request.leaveSandbox && chosen !== 'allow-once' && chosen !== 'reject-once') {
    return { kind: 'deny', by: 'the editor, which cancelled the request' };
  }
  switch (chosen) {
    case 'allow-once':
      return { kind: 'allow' };
    case 'allow-always':
      return { kind: 'allow', always: true, rule, scope: 'session' };
    case 'reject-always':
      return { kind: 'deny', always: true, rule };
    case 'reject-once':
      return { kind: 'deny' };
    default:
      return { kind: 'deny', by: 'the editor, which cancelled the request' };
  }
}
