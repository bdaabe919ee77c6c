import fs from 'node:fs';
import path from 'node:path';
import { startOpenAIChatServer } from '@agent/testkit';
import { answerAtOnce, type PermissionDecision, type PersonChannel } from '@agent/tools';
import { AgentSession } from '../src';
import { fakeChoice, sessionBox, writeA } from './support/session-box';

describe('AgentSession: permission rules', () => {
  const box = sessionBox('rules');

  const create = async (
    url: string,
    person: PersonChannel,
    rules?: { allow?: string[]; deny?: string[] },
  ) =>
    AgentSession.create({
      agentHome: box.home,
      workspaceRoot: box.workspace,
      choice: fakeChoice(url, box.home),
      person,
      ...(rules ? { rules } : {}),
      onEvent: (event) => box.events.push(event),
    });

  /** A person who answers every card with "always" for `scope`, counting the cards. */
  const always = (scope: 'workspace' | 'user') => {
    const asked: string[] = [];
    const requester = answerAtOnce({
      approval: ({ payload }): PermissionDecision => {
        asked.push(payload.toolName);
        return { kind: 'allow', always: true, rule: 'write_file', scope };
      },
    });
    return { asked, requester };
  };

  it.each(['workspace', 'user'] as const)(
    'an "always" answer for the %s scope adds one rule there, and removing it stops it applying',
    async (scope) => {
      box.server = await startOpenAIChatServer([
        writeA('one\n'),
        { text: 'one' },
        writeA('two!\n'),
        { text: 'two' },
        writeA('three\n'),
        { text: 'three' },
      ]);
      const person = always(scope);
      const session = await create(box.server.url, person.requester);
      await session.runTurn('write one');
      expect(person.asked).toEqual(['write_file']);
      const file =
        scope === 'user'
          ? path.join(box.home, 'settings.json')
          : path.join(box.workspace, '.agent', 'settings.json');
      expect(session.permissionRules.list()).toEqual([
        { action: 'allow', text: 'write_file', source: file },
      ]);
      await session.runTurn('write two');
      expect(person.asked).toHaveLength(1);

      expect(session.permissionRules.remove(session.permissionRules.list()[0]!)).toBe(true);
      expect(session.permissionRules.list()).toEqual([]);
      await session.runTurn('write three');
      expect(person.asked).toHaveLength(2);
      await session.close();
    },
  );

  it('an "always" refusal denies matching calls for the rest of the session without asking', async () => {
    box.server = await startOpenAIChatServer([
      writeA('one\n'),
      { text: 'one' },
      writeA('two!\n'),
      { text: 'two' },
    ]);
    const asked: string[] = [];
    const person = answerAtOnce({
      approval: ({ payload }): PermissionDecision => {
        asked.push(payload.toolName);
        return { kind: 'deny', always: true, rule: 'write_file(a.txt)' };
      },
    });
    const session = await create(box.server.url, person);
    await session.runTurn('write one');
    await session.runTurn('write two');
    expect(asked).toEqual(['write_file']);
    expect(session.permissionRules.list()).toEqual([
      { action: 'deny', text: 'write_file(a.txt)', source: 'this session' },
    ]);
    expect(fs.existsSync(path.join(box.workspace, 'a.txt'))).toBe(false);
    const lastRequest = box.server.requests[3]!.body as { messages: unknown[] };
    expect(JSON.stringify(lastRequest.messages.at(-1))).toContain(
      'the deny rule write_file(a.txt) (this session)',
    );
    await session.close();
  });

  it('keeps a rule saved in an unapproved workspace file for this session, listed once', async () => {
    const file = path.join(box.workspace, '.agent', 'settings.json');
    fs.mkdirSync(path.dirname(file));
    fs.writeFileSync(file, '{"permissions":{"allow":["run_shell(curl)"]}}\n');
    box.server = await startOpenAIChatServer([writeA('one\n'), { text: 'one' }]);
    const person = always('workspace');
    const session = await create(box.server.url, person.requester);
    await session.runTurn('write one');
    expect(session.permissionRules.list()).toEqual([
      { action: 'allow', text: 'write_file', source: 'this session' },
    ]);
    const notices = box.events.flatMap((e) => (e.type === 'notice' ? [e.text] : []));
    expect(notices.join('\n')).toMatch(/applies for this session only until \/permissions approve/);
    await session.close();
  });

  it('warns of rules naming unknown tools, with our name for Claude Code tools', async () => {
    box.server = await startOpenAIChatServer([]);
    const session = await create(box.server.url, always('user').requester, {
      allow: ['Bash(ls)', 'nosuchtool', 'mcp__github__*', 'mcp__srv__tool', 'run_*', 'read_file'],
      deny: ['Write(src/**)'],
    });
    const notices = box.events.flatMap((e) => (e.type === 'notice' ? [e.text] : []));
    expect(notices).toHaveLength(3);
    const [bash, unknown, write] = notices;
    expect(bash).toMatch(/^The allow rule Bash\(ls\) \(--allow\) names an unknown tool "Bash"/);
    expect(bash).toContain("Claude Code's Bash is run_shell here: write run_shell(ls).");
    expect(bash).toMatch(/Known tools: .*edit_file, .*read_file, run_shell, .*write_file/);
    expect(unknown).toContain('unknown tool "nosuchtool"');
    expect(unknown).not.toContain('Claude Code');
    expect(unknown).toContain('mcp__server__tool');
    expect(write).toContain("Claude Code's Write is write_file here: write write_file(src/**).");
    // Kept as written, never translated.
    expect(session.permissionRules.list().map((r) => r.text)).toContain('Bash(ls)');
    await session.close();
  });
});
