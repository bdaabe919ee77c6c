import type { CommandDeps, SlashCommand } from './slash-command';

// Required when run: the / menu lists this command before the agent's modules load.
/* eslint-disable @typescript-eslint/no-require-imports */
const tools = () => require('@agent/tools') as typeof import('@agent/tools');
const changes = () => require('../permissions-change') as typeof import('../permissions-change');
const picker = () => require('../permissions-picker') as typeof import('../permissions-picker');

/** `/permissions list`: the rules in force, numbered; `add`, `edit`, `remove` and `approve` change them. */
function permissionsCommand(args: string, deps: CommandDeps): void {
  const { app, session } = deps;
  const rules = session.permissionRules;
  const [verb] = args.trim().split(/\s+/, 1);
  const explain = /^explain(?:\s+([\s\S]*))?$/.exec(args.trim());
  if (explain) {
    const line = explain[1]?.trim();
    if (!line)
      return app.error('Usage: /permissions explain COMMAND (a command line; nothing runs)');
    // The same decision a card would follow, with the rules in force now.
    tools()
      .explainCommand(rules.list(), line)
      .then(
        (lines) => app.info(lines.join('\n')),
        (error: unknown) => app.error(`Could not explain it: ${(error as Error).message}`),
      );
    return;
  }
  if (verb === 'approve') {
    rules.approveWorkspaceFile();
    return app.info(
      "The workspace's settings file is approved as it is now: its allow rules apply.",
    );
  }
  const { addRule, editRule, removeRule } = changes();
  const change =
    verb === 'add'
      ? addRule
      : verb === 'edit'
        ? editRule
        : verb === 'remove'
          ? removeRule
          : undefined;
  if (change) {
    const result = change(rules, args.trim().slice(verb!.length));
    return 'error' in result ? app.error(result.error) : app.info(result.info);
  }
  if (verb !== 'list') {
    return app.error(
      'Usage: /permissions (a picker), /permissions list, /permissions add session|workspace|user allow|deny RULE, /permissions edit N RULE, /permissions remove N, /permissions approve, /permissions explain COMMAND',
    );
  }
  const list = rules.list();
  const lines = list.map(
    (rule, i) =>
      `  ${String(i + 1).padStart(2)}. ${rule.action.padEnd(5)} ${rule.text}  · ${rule.source}`,
  );
  app.info(
    [
      list.length ? 'Permission rules (deny wins over allow):' : 'No permission rules yet.',
      ...lines,
      ...rules.problems.map((problem) => `  ! ${problem}`),
      '/permissions add session|workspace|user allow|deny RULE adds one (or answer a card with "always"); /permissions edit N RULE changes one; /permissions remove N removes one.',
    ].join('\n'),
  );
}

export const permissions: SlashCommand = {
  name: '/permissions',
  usage: '/permissions [list|add|edit]',
  description:
    'pick rules by scope (Delete removes, a approves); list; add SCOPE allow|deny RULE; edit N RULE; remove N; approve; explain COMMAND (why it runs, asks or is denied)',
  takesArgument: true,
  availability: 'idle',
  run(args, deps, signal) {
    if (args === '') return picker().pickPermissions(deps, signal);
    return permissionsCommand(args, deps);
  },
};
