import { ConfigError } from '@agent/llm';
import { approvingByRules, type Approve, type PersonChannel } from '@agent/tools';
import type { AgentSessionOptions } from '../session/agent-session-options';
import type { AgentMode } from '../modes/agent-mode';
import { acceptingEdits, planGuard, type ModeWatch } from '../modes/mode-person';
import { PermissionRuleSet } from './permission-settings';

/**
 * A session's permission rules (flags and settings files; throws ConfigError when they cannot
 * be read) and how its tool calls are approved: by the rules first, then by `person`; the mode's
 * layers around the rules (plan mode refuses what needs approval before any rule; accept-edits
 * answers workspace edits behind them, so a deny rule still wins). An "always" answer holds for
 * this session, or is saved (only) in the settings of the scope named.
 */
export function sessionPermissions(
  options: Pick<AgentSessionOptions, 'agentHome' | 'workspaceRoot' | 'rules'>,
  person: PersonChannel,
  notice: (text: string) => void,
  mode: () => AgentMode,
  watchMode?: ModeWatch,
): { rules: PermissionRuleSet; approve: Approve } {
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
  const approve = approvingByRules(
    () => rules.list(),
    acceptingEdits(mode, (request) => person.ask(request), watchMode),
    (rule, scope, action) => {
      if (action === 'deny') {
        try {
          rules.denyForSession(rule);
        } catch (error) {
          notice(`Could not keep the rule ${rule}: ${(error as Error).message}`);
        }
        return;
      }
      try {
        const applies = rules.add(rule, scope === 'session' ? undefined : scope);
        if (applies === 'saved') notice(`Saved the rule ${rule} (${scope} settings).`);
        if (applies === 'saved, session until approved') {
          notice(
            `Saved the rule ${rule} (${scope} settings); this workspace's settings file is not approved, so the rule applies for this session only until /permissions approve.`,
          );
        }
      } catch (error) {
        notice(`Could not save the rule ${rule}: ${(error as Error).message}`);
        // The person said "always": when only the file failed, it holds for this session.
        if (scope !== 'session' && keptForSession(rules, rule)) {
          notice(`The rule ${rule} applies for this session only.`);
        }
      }
    },
  );
  return { rules, approve: planGuard(mode, approve) };
}

function keptForSession(rules: PermissionRuleSet, rule: string): boolean {
  try {
    rules.add(rule);
    return true;
  } catch {
    return false;
  }
}
