import fs from 'node:fs';
import path from 'node:path';
import { startOpenAIChatServer } from '@agent/testkit';
import { replTmuxBed } from './support/repl-tmux-bed';

jest.setTimeout(120_000);

/** Waits (bounded by count) until `file` exists and holds `text`. */
async function waitForFile(file: string, text: string): Promise<string> {
  for (let i = 0; i < 600; i++) {
    const content = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
    if (content.includes(text)) return content;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${file} never held ${text}`);
}

function requestText(messages: Array<Record<string, any>>, role: string): string {
  return messages
    .filter((m) => m.role === role)
    .map((m) => (typeof m.content === 'string' ? m.content : JSON.stringify(m.content)))
    .join('\n');
}

describe('hooks and skills in the REPL (tmux)', () => {
  const bed = replTmuxBed('repl-hooks', { session: 'hooks' });
  const { keys, typeText, waitFor } = bed;

  it('runs the Notification hook while a questionnaire waits, adds UserPromptSubmit context, blocks a command with its reason; /hooks lists them', async () => {
    const notified = path.join(bed.home, 'notified.jsonl');
    const script = (name: string, body: string) => {
      const file = path.join(bed.home, name);
      fs.writeFileSync(file, body);
      return `sh ${file}`;
    };
    fs.writeFileSync(
      path.join(bed.home, 'config.json'),
      JSON.stringify({
        notify: false,
        hooks: {
          UserPromptSubmit: [
            {
              hooks: [
                { type: 'command', command: script('ctx.sh', 'echo "Hook context CTX-42"\n') },
              ],
            },
          ],
          Notification: [
            { hooks: [{ type: 'command', command: script('notify.sh', `cat >> ${notified}\n`) }] },
          ],
          PreToolUse: [
            {
              matcher: 'Bash',
              hooks: [
                {
                  type: 'command',
                  command: script('pre.sh', 'echo "no shell on Fridays" >&2\nexit 2\n'),
                  timeout: 5,
                },
              ],
            },
          ],
        },
      }),
    );
    const server = (bed.server = await startOpenAIChatServer([
      {
        toolCalls: [
          {
            id: 'q1',
            name: 'ask_user',
            arguments: {
              questions: [{ question: 'Which target?', options: ['staging', 'production'] }],
            },
          },
        ],
      },
      { toolCalls: [{ id: 'c1', name: 'run_shell', arguments: { command: 'touch shelled.txt' } }] },
      { text: 'All done.' },
    ]));
    bed.launch({ cols: 160, rows: 40 });
    await waitFor('· ready ·');
    typeText('deploy it');
    keys('Enter');
    await waitFor('Which target?');
    const note = JSON.parse((await waitForFile(notified, 'question')).trim().split('\n')[0]!);
    expect(note).toMatchObject({ hook_event_name: 'Notification', notification_type: 'question' });
    expect(note.message).toContain('question');
    keys('Escape');
    const screen = await waitFor('All done.');
    expect(screen).toContain('PreToolUse hook blocked run_shell: no shell on Fridays');
    expect(screen).toContain('UserPromptSubmit hook added context to the prompt');
    expect(fs.existsSync(path.join(bed.workspace, 'shelled.txt'))).toBe(false);
    expect(requestText(server.requests[0]!.body.messages, 'user')).toContain('Hook context CTX-42');
    expect(JSON.stringify(server.requests[2]!.body.messages)).toContain('no shell on Fridays');
    typeText('/hooks');
    keys('Enter');
    const listed = await waitFor('Hooks in force:');
    expect(listed).toContain(`PreToolUse       Bash`);
    expect(listed).toContain(path.join(bed.home, 'config.json'));
  });

  it("lists a skill by its description, sends its body only when /name invokes it; an unapproved workspace's hook is not run", async () => {
    const skill = path.join(bed.home, 'skills', 'release-notes');
    fs.mkdirSync(skill, { recursive: true });
    fs.writeFileSync(
      path.join(skill, 'SKILL.md'),
      '---\nname: release-notes\ndescription: Write release notes from the git log\n---\nNOTES-BODY: group commits by package.\n',
    );
    const marker = path.join(bed.home, 'planted-hook-ran');
    fs.mkdirSync(path.join(bed.workspace, '.agent'), { recursive: true });
    fs.writeFileSync(
      path.join(bed.workspace, '.agent', 'settings.json'),
      JSON.stringify({
        hooks: { UserPromptSubmit: [{ hooks: [{ type: 'command', command: `touch ${marker}` }] }] },
      }),
    );
    const server = (bed.server = await startOpenAIChatServer([
      { text: 'Hello there.' },
      { text: 'Notes written.' },
    ]));
    bed.launch({ cols: 160, rows: 40 });
    await waitFor('/hooks approve');
    await waitFor('· ready ·');
    typeText('hello');
    keys('Enter');
    await waitFor('Hello there.');
    const first = server.requests[0]!.body.messages;
    expect(requestText(first, 'system')).toContain(
      '- release-notes: Write release notes from the git log',
    );
    expect(JSON.stringify(first)).not.toContain('NOTES-BODY');
    typeText('/release-notes for 2.0');
    keys('Enter');
    const screen = await waitFor('Notes written.');
    expect(screen).toContain('/release-notes for 2.0');
    const second = requestText(server.requests[1]!.body.messages, 'user');
    expect(second).toContain('NOTES-BODY: group commits by package.');
    expect(second).toContain('for 2.0');
    expect(fs.existsSync(marker)).toBe(false);
    typeText('/skills');
    keys('Enter');
    const listed = await waitFor('Skills (the model loads');
    expect(listed).toContain('/release-notes  Write release notes from the git log  · user');
  });
});
