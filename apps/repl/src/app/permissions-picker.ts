import type { PermissionRule } from '@agent/tools';
import type { CommandDeps } from './command-runner';
import { openPicker } from './open-picker';
import { PickList, type PickItem } from './pick-list';

const GROUPS = {
  flags: 'Command line (--allow, --deny)',
  session: 'This session',
  workspace: 'This workspace (.agent/settings.json)',
  user: 'You, everywhere ($AGENT_HOME/settings.json)',
} as const;
const ORDER = ['flags', 'session', 'workspace', 'user'] as const;

interface RuleRow {
  rule: PermissionRule;
  unapproved: boolean;
}

/** The rules in force by scope, and the workspace file's rules that wait for approval. */
function ruleItems(deps: CommandDeps): PickItem<RuleRow>[] {
  const rules = deps.session.permissionRules;
  const rows: RuleRow[] = [
    ...rules.list().map((rule) => ({ rule, unapproved: false })),
    ...rules.unapproved().map((rule) => ({ rule, unapproved: true })),
  ];
  return ORDER.flatMap((scope) =>
    rows
      .filter((row) => rules.scopeOf(row.rule) === scope)
      .map((row) => ({
        value: row,
        label: `${row.rule.action.padEnd(5)} ${row.rule.text}`,
        ...(row.unapproved ? { note: 'not approved, does not apply (a approves the file)' } : {}),
        group: GROUPS[scope],
      })),
  );
}

/**
 * `/permissions` alone: a picker of the rules by scope. Delete removes the selected rule from
 * where it lives (a command-line rule cannot be: restart without it); `a` approves the
 * workspace's settings file so its allow rules apply; Esc closes.
 */
export async function pickPermissions(deps: CommandDeps, signal: AbortSignal): Promise<void> {
  const { app, session } = deps;
  const rules = session.permissionRules;
  const hasUnapproved = () => rules.unapproved().length > 0;
  const picker = new PickList(
    'Permission rules (deny wins) · ↑↓ select · Delete removes · Esc closes',
    ruleItems(deps),
    { deletes: true, keys: ['a'], empty: 'No rules yet: answer a card with "always" to add one.' },
  );
  for (const problem of rules.problems) app.info(`! ${problem}`);
  await openPicker(
    app,
    picker,
    'Delete removes · a approves the workspace file · Esc closes',
    signal,
    (outcome) => {
      if (outcome.type === 'key') {
        if (!hasUnapproved())
          return app.flash('The workspace file has no rules waiting for approval.');
        rules.approveWorkspaceFile();
        app.flash(
          "The workspace's settings file is approved as it is now: its allow rules apply.",
          4000,
        );
      } else {
        const { rule } = outcome.value;
        if (rules.scopeOf(rule) === 'flags') {
          return app.flash(
            `${rule.text} comes from ${rule.source} on the command line: restart without it.`,
            4000,
          );
        }
        rules.remove(rule);
        app.flash(`Removed the ${rule.action} rule ${rule.text}.`, 4000);
      }
      picker.setItems(ruleItems(deps));
    },
  );
}
