import { ConfigError } from '@agent/llm';
import { withRules, type PermissionRequester } from '@agent/tools';
import type { AgentSessionOptions } from './agent-session-options';
import { PermissionRuleSet } from './permission-settings';

/**
 * A session's permission rules (flags and settings files; throws ConfigError when they cannot
 * be read) and the requester its tool calls ask: the rules first, then `options.permissions`.
 * An "always" answer holds for this session, and is saved when a scope is named.
 */
export function sessionPermissions(
  options: Pick<AgentSessionOptions, 'agentHome' | 'workspaceRoot' | 'rules' | 'permissions'>,
  notice: (text: string) => void,
): { rules: PermissionRuleSet; requester: PermissionRequester } {
  let rules: PermissionRuleSet;
  try {
    rules = new PermissionRuleSet({
      agentHome: options.agentHome,
      workspace: options.workspaceRoot,
      flags: options.rules,
      workspaceTrusted: false,
    });
  } catch (error) {
    throw new ConfigError((error as Error).message, { cause: error });
  }
  const requester = withRules(
    () => rules.list(),
    options.permissions,
    (rule, scope) => {
      try {
        rules.add(rule, scope === 'session' ? undefined : scope);
        if (scope !== 'session') notice(`Saved the rule ${rule} (${scope} settings).`);
      } catch (error) {
        notice(`Could not save the rule ${rule}: ${(error as Error).message}`);
      }
    },
  );
  return { rules, requester };
}
