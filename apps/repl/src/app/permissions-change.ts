import type { PermissionRuleSet, RuleScope } from '@agent/runtime';
import type { PermissionRule } from '@agent/tools';

/** What a `/permissions add|edit|remove` says back: a line for the transcript, or an error. */
export type RuleChange = { info: string } | { error: string };

export const ADD_USAGE =
  'Usage: /permissions add session|workspace|user allow|deny RULE (e.g. run_shell(npm publish))';
export const EDIT_USAGE = 'Usage: /permissions edit N RULE (N from the /permissions list)';
export const REMOVE_USAGE = 'Usage: /permissions remove N (N from the /permissions list)';

const SCOPES = ['session', 'workspace', 'user'] as const;
const ACTIONS = ['allow', 'deny'] as const;

/** `/permissions add SCOPE ACTION RULE`: the rule, in force at once and saved in the scope's file. */
export function addRule(rules: PermissionRuleSet, args: string): RuleChange {
  const match = /^(\S+)\s+(\S+)\s+([\s\S]+)$/.exec(args.trim());
  if (!match) return { error: ADD_USAGE };
  const [, scope, action, text] = match as unknown as [string, string, string, string];
  if (!(SCOPES as readonly string[]).includes(scope)) {
    return { error: `Unknown scope ${scope}: session, workspace or user. ${ADD_USAGE}` };
  }
  if (!(ACTIONS as readonly string[]).includes(action)) {
    return { error: `Unknown action ${action}: allow or deny. ${ADD_USAGE}` };
  }
  return saved(rules, text.trim(), scope as 'session' | RuleScope, action as 'allow' | 'deny');
}

/** `/permissions edit N RULE`: rule N becomes RULE, in the same scope and with the same action. */
export function editRule(rules: PermissionRuleSet, args: string): RuleChange {
  const match = /^(\S+)\s+([\s\S]+)$/.exec(args.trim());
  if (!match) return { error: EDIT_USAGE };
  const found = numbered(rules, match[1]!, EDIT_USAGE);
  if ('error' in found) return found;
  const { rule } = found;
  const scope = rules.scopeOf(rule);
  if (scope === 'flags') return fromFlags(rule);
  // The new rule first: a malformed one or a failed write leaves the old rule in place.
  const added = saved(rules, match[2]!.trim(), scope, rule.action);
  if ('error' in added) return added;
  rules.remove(rule);
  return { info: `${added.info} It replaces ${rule.text}.` };
}

/** `/permissions remove N`. */
export function removeRule(rules: PermissionRuleSet, args: string): RuleChange {
  const found = numbered(rules, args.trim(), REMOVE_USAGE);
  if ('error' in found) return found;
  const { rule } = found;
  if (rules.scopeOf(rule) === 'flags') return fromFlags(rule);
  rules.remove(rule);
  return { info: `Removed the ${rule.action} rule ${rule.text} (${rule.source}).` };
}

function numbered(
  rules: PermissionRuleSet,
  n: string,
  usage: string,
): { rule: PermissionRule } | { error: string } {
  const rule = /^\d+$/.test(n) ? rules.list()[Number(n) - 1] : undefined;
  return rule ? { rule } : { error: usage };
}

function fromFlags(rule: PermissionRule): RuleChange {
  return {
    error: `${rule.text} comes from ${rule.source} on the command line: restart without it.`,
  };
}

function saved(
  rules: PermissionRuleSet,
  text: string,
  scope: 'session' | RuleScope,
  action: 'allow' | 'deny',
): RuleChange {
  try {
    const applies = rules.add(text, scope === 'session' ? undefined : scope, action);
    const where =
      applies === 'session'
        ? 'for this session'
        : applies === 'saved'
          ? `saved in the ${scope} settings`
          : `saved in the ${scope} settings; this workspace's file is not approved, so it applies for this session only until /permissions approve`;
    return { info: `Added the ${action} rule ${text} (${where}).` };
  } catch (error) {
    return { error: `Nothing changed: ${(error as Error).message}` };
  }
}
