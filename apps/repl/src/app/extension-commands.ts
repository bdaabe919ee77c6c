import type { AgentSession } from '@agent/runtime';
import type { CommandInfo } from '../input/commands';
import type { ReplApp } from './repl-app';

/** `/hooks`: the hooks in force, each with its event, matcher and file; `approve` the workspace's. */
export function runHooksCommand(args: string, session: AgentSession, app: ReplApp): void {
  if (args === 'approve') {
    const waiting = session.hooks().unapproved.length;
    session.approveWorkspaceSettings();
    return app.info(
      waiting > 0
        ? `The workspace's settings file is approved as it is now: its ${waiting} hook(s) run, and its allow rules apply, until it changes.`
        : "The workspace's settings file is approved as it is now.",
    );
  }
  if (args !== '') return app.error('Usage: /hooks (list them), /hooks approve');
  const { hooks, unapproved, problems } = session.hooks();
  const line = (hook: (typeof hooks)[number]) =>
    `  ${hook.event.padEnd(16)} ${(hook.matcher || '*').padEnd(14)} ${hook.command}  · ${hook.source} · ${hook.timeoutMs / 1000} s`;
  const parts = [
    hooks.length > 0
      ? ['Hooks in force:', ...hooks.map(line)].join('\n')
      : 'No hooks in force (configure them under "hooks" in config.json or .agent/settings.json).',
  ];
  if (unapproved.length > 0) {
    parts.push(
      [
        "Not run until you approve the workspace's settings file (/hooks approve):",
        ...unapproved.map(line),
      ].join('\n'),
    );
  }
  for (const problem of problems) parts.push(`  ${problem}`);
  app.info(parts.join('\n'));
}

/** `/skills`: the skills listed to the model, with where each comes from; `approve` the workspace's. */
export async function runSkillsCommand(
  args: string,
  session: AgentSession,
  app: ReplApp,
): Promise<void> {
  const { skills } = session;
  if (args === 'approve') {
    const count = await skills.approveWorkspace();
    return app.info(
      count > 0
        ? `Approved ${count} workspace skill(s) as they are now: the model sees them from its next request, and /name runs one.`
        : 'No workspace skill waits for approval.',
    );
  }
  if (args !== '') return app.error('Usage: /skills (list them), /skills approve');
  await skills.refresh();
  const line = (skill: (typeof skills.skills)[number]) =>
    `  /${skill.name}  ${skill.description.replace(/\s+/g, ' ')}  · ${skill.scope} · ${skill.file}`;
  const parts = [
    skills.skills.length > 0
      ? [
          'Skills (the model loads one when a task matches; /name runs one):',
          ...skills.skills.map(line),
        ].join('\n')
      : 'No skills (folders with a SKILL.md under $AGENT_HOME/skills/ or .agent/skills/).',
  ];
  if (skills.unapproved.length > 0) {
    parts.push(
      [
        'Workspace skills not listed until you approve them (/skills approve):',
        ...skills.unapproved.map(line),
      ].join('\n'),
    );
  }
  app.info(parts.join('\n'));
}

/** The skills as the `/` menu lists them (those a built-in or custom command does not shadow). */
export function skillCommandInfos(
  session: AgentSession,
  taken: ReadonlySet<string>,
): CommandInfo[] {
  return session.skills.skills
    .filter((skill) => !taken.has(`/${skill.name}`))
    .map((skill) => ({
      name: `/${skill.name}`,
      usage: `/${skill.name} [request]`,
      description: `skill: ${skill.description}`,
    }));
}
