import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { transcriptOf } from '@agent/session';
import { startOpenAIChatServer } from '@agent/testkit';
import { allowAll } from '@agent/tools';
import {
  AgentSession,
  expandMentions,
  findSession,
  attachedFilesOf,
  MAX_MENTION_CHARS,
  openSavedSession,
} from '../src';
import { fakeChoice, sessionBox, writeA } from './support/session-box';

describe('AgentSession: undo, shell commands and mentions', () => {
  const box = sessionBox('daily');

  const create = async (
    url: string,
    resume?: Awaited<ReturnType<typeof openSavedSession>>,
    workspaceRoot = box.workspace,
  ) =>
    AgentSession.create({
      agentHome: box.home,
      workspaceRoot,
      choice: fakeChoice(url, box.home),
      person: allowAll,
      // Not about the sandbox: the same events where bubblewrap is missing (no notice then).
      sandbox: 'off',
      resume,
      onEvent: (event) => box.events.push(event),
    });
  const file = () => path.join(box.workspace, 'a.txt');

  it('undoes the last turn, then the one before, also after a resume; refuses after outside edits', async () => {
    fs.writeFileSync(file(), 'zero\n');
    box.server = await startOpenAIChatServer([
      writeA('one\n'),
      { text: 'wrote one' },
      writeA('two!\n'),
      { text: 'wrote two' },
      { text: 'ok' },
    ]);
    const first = await create(box.server.url);
    await first.runTurn('write one');
    await first.runTurn('write two');
    expect(fs.readFileSync(file(), 'utf8')).toBe('two!\n');
    const sessionFile = first.sessionFile!;
    await first.close();

    const resumed = await create(box.server.url, await openSavedSession(sessionFile));
    expect(await resumed.undo()).toMatchObject({ ok: true, restored: ['a.txt'] });
    expect(fs.readFileSync(file(), 'utf8')).toBe('one\n');
    fs.writeFileSync(file(), 'changed by hand\n');
    const refused = await resumed.undo();
    expect(refused).toMatchObject({ ok: false });
    expect(!refused.ok && refused.reason).toMatch(/a\.txt changed outside the agent/);
    expect(fs.readFileSync(file(), 'utf8')).toBe('changed by hand\n');
    fs.writeFileSync(file(), 'one\n');
    await resumed.close();

    // The first undo is in the session: the next resume goes on with the turn before.
    const again = await create(box.server.url, await openSavedSession(sessionFile));
    expect(await again.undo()).toMatchObject({ ok: true, restored: ['a.txt'] });
    expect(fs.readFileSync(file(), 'utf8')).toBe('zero\n');
    // Every edit is undone now: one sentence, true although files were changed and undone.
    expect(await again.undo()).toEqual({
      ok: false,
      reason: 'Nothing to undo: no file changes left from earlier turns.',
    });
    // The model is told what went back.
    await again.runTurn('thanks');
    const last = box.server.requests[box.server.requests.length - 1]!.body;
    expect(JSON.stringify(last.messages)).toContain('I undid your file changes');
    await again.close();
  });

  it('says so when a session is resumed in another workspace, and undoes edits only where they were made', async () => {
    const other = fs.mkdtempSync(path.join(os.tmpdir(), 'daily-other-'));
    try {
      box.server = await startOpenAIChatServer([
        writeA('one\n'),
        { text: 'wrote one' },
        writeA('elsewhere\n'),
        { text: 'wrote it here' },
      ]);
      const first = await create(box.server.url);
      await first.runTurn('write one');
      const sessionFile = first.sessionFile!;
      await first.close();

      box.events.length = 0;
      const moved = await create(box.server.url, await openSavedSession(sessionFile), other);
      const notices = box.events.flatMap((e) => (e.type === 'notice' ? [e.text] : []));
      expect(notices).toEqual([expect.stringContaining(`recorded in ${box.workspace}`)]);
      expect(notices[0]).toContain(`files are read and written in ${other}`);
      await moved.runTurn('write it here');
      await moved.close();
      expect(fs.readFileSync(path.join(other, 'a.txt'), 'utf8')).toBe('elsewhere\n');
      const saved = await openSavedSession(sessionFile);
      expect(saved.events.filter((e) => e.type === 'file_snapshot')).toEqual([
        expect.objectContaining({ path: 'a.txt', workspace: box.workspace }),
        expect.objectContaining({ path: 'a.txt', workspace: other }),
      ]);

      // Back home, /undo must not apply the other workspace's edit to this one's files.
      box.events.length = 0;
      const home1 = await create(box.server.url, await openSavedSession(sessionFile));
      expect(box.events.some((e) => e.type === 'notice')).toBe(false);
      const refused = await home1.undo();
      expect(refused).toEqual({
        ok: false,
        reason: expect.stringContaining(
          `made in ${other}, not in this workspace (${box.workspace})`,
        ),
      });
      expect(fs.readFileSync(file(), 'utf8')).toBe('one\n');
      expect(fs.readFileSync(path.join(other, 'a.txt'), 'utf8')).toBe('elsewhere\n');
      await home1.close();

      // Where the edit was made, it is undone.
      const there = await create(box.server.url, await openSavedSession(sessionFile), other);
      expect(await there.undo()).toMatchObject({ ok: true, removed: ['a.txt'] });
      expect(fs.existsSync(path.join(other, 'a.txt'))).toBe(false);
      await there.close();
    } finally {
      fs.rmSync(other, { recursive: true, force: true });
    }
  });

  it('takes edits saved without their workspace as made where the session started', async () => {
    box.server = await startOpenAIChatServer([writeA('one\n'), { text: 'wrote one' }]);
    const first = await create(box.server.url);
    await first.runTurn('write one');
    const sessionFile = first.sessionFile!;
    await first.close();
    // A file written before snapshots recorded their workspace.
    const lines = fs.readFileSync(sessionFile, 'utf8').split('\n');
    const old = lines.map((line) => line.replace(/,"workspace":"[^"]*"/, '')).join('\n');
    expect(old).not.toContain('"workspace"');
    fs.writeFileSync(sessionFile, old);
    const other = fs.mkdtempSync(path.join(os.tmpdir(), 'daily-other-'));
    try {
      fs.writeFileSync(path.join(other, 'a.txt'), 'one\n');
      const moved = await create(box.server.url, await openSavedSession(sessionFile), other);
      expect(await moved.undo()).toMatchObject({ ok: false });
      expect(fs.readFileSync(path.join(other, 'a.txt'), 'utf8')).toBe('one\n');
      await moved.close();
      const home1 = await create(box.server.url, await openSavedSession(sessionFile));
      expect(await home1.undo()).toMatchObject({ ok: true, removed: ['a.txt'] });
      await home1.close();
    } finally {
      fs.rmSync(other, { recursive: true, force: true });
    }
  });

  it('refuses to write through a hard link swapped in after the edit, as through a symlink', async () => {
    fs.writeFileSync(file(), 'zero\n');
    box.server = await startOpenAIChatServer([writeA('one\n'), { text: 'wrote one' }]);
    const session = await create(box.server.url);
    await session.runTurn('write one');
    // Outside the workspace, a file holding exactly what the agent left, linked in its place.
    const outsideDir = fs.mkdtempSync(path.join(path.dirname(box.workspace), 'outside-'));
    const outside = path.join(outsideDir, 'precious.txt');
    fs.writeFileSync(outside, 'one\n');
    fs.rmSync(file());
    fs.linkSync(outside, file());
    const refused = await session.undo();
    expect(refused).toMatchObject({ ok: false });
    expect(!refused.ok && refused.reason).toMatch(
      /a\.txt is now a hard link shared with another file/,
    );
    expect(fs.readFileSync(outside, 'utf8')).toBe('one\n');
    // Once the link is gone (the file is its own again), the undo goes through.
    fs.rmSync(file());
    fs.writeFileSync(file(), 'one\n');
    expect(await session.undo()).toMatchObject({ ok: true, restored: ['a.txt'] });
    expect(fs.readFileSync(file(), 'utf8')).toBe('zero\n');
    expect(fs.readFileSync(outside, 'utf8')).toBe('one\n');
    fs.rmSync(outsideDir, { recursive: true, force: true });
    await session.close();
  });

  it('removes a file the undone turn created', async () => {
    box.server = await startOpenAIChatServer([
      writeA('new\n'),
      { text: 'created' },
      { text: 'ok' },
    ]);
    const session = await create(box.server.url);
    await session.runTurn('create a.txt');
    expect(fs.existsSync(file())).toBe(true);
    expect(await session.undo()).toMatchObject({ ok: true, restored: [], removed: ['a.txt'] });
    expect(fs.existsSync(file())).toBe(false);
    // The model is told the file is gone, not "back as before".
    await session.runTurn('next');
    const sent = JSON.stringify(box.server.requests[box.server.requests.length - 1]!.body.messages);
    expect(sent).toContain('a.txt is deleted again (that turn created it)');
    expect(sent).not.toContain('back as before');
    // A replay can tell the same from the saved session.
    const saved = await openSavedSession(session.sessionFile!);
    const undo = transcriptOf(saved.events).find((entry) => entry.kind === 'undo');
    expect(undo).toMatchObject({ restored: [], removed: ['a.txt'] });
    await session.close();
  });

  it("undoes a subagent's edit with the turn that delegated it", async () => {
    const delegate = {
      text: '',
      toolCalls: [
        {
          id: 't1',
          name: 'task',
          arguments: { description: 'create a file', prompt: 'Write a.txt', agent: 'general' },
        },
      ],
    };
    box.server = await startOpenAIChatServer([
      delegate,
      writeA('from the subagent\n'),
      { text: 'subagent: written' },
      { text: 'delegated' },
    ]);
    const session = await create(box.server.url);
    const turn = await session.runTurn('have a subagent create a.txt');
    expect(turn.reason).toBe('done');
    expect(fs.readFileSync(file(), 'utf8')).toBe('from the subagent\n');
    expect(await session.undo()).toMatchObject({ ok: true, removed: ['a.txt'] });
    expect(fs.existsSync(file())).toBe(false);
    await session.close();
  });

  it('runs a shell command without a model turn and sends command and output with the next prompt', async () => {
    box.server = await startOpenAIChatServer([{ text: 'I saw it.' }]);
    const session = await create(box.server.url);
    const result = await session.runShell('echo hi-from-shell');
    expect(result.output).toContain('hi-from-shell');
    expect(box.server.requests).toHaveLength(0);
    const types = box.events.map((e) => e.type);
    expect([types[0], types[types.length - 1]]).toEqual(['tool_start', 'tool_end']);
    expect(types).not.toContain('turn_end');
    await session.runTurn('what did it print?');
    const sent = JSON.stringify(box.server.requests[0]!.body.messages);
    expect(sent).toContain('$ echo hi-from-shell');
    expect(sent).toContain('hi-from-shell\\n');
    const saved = await openSavedSession(session.sessionFile!);
    expect(saved.events.find((e) => e.type === 'user')).toMatchObject({
      display: '!echo hi-from-shell',
    });
    await session.close();
  });

  it("reports a person's command's ending in plain words, live and replayed alike", async () => {
    box.server = await startOpenAIChatServer([]);
    const session = await create(box.server.url);
    await session.runShell('echo hi; exit 3');
    const live = box.events.filter((e) => e.type === 'tool_start' || e.type === 'tool_end');
    const end = live[1]!;
    if (end.type !== 'tool_end') throw new Error('no tool_end');
    // One plain statement of the exit code, no raw backticks; the output without the note.
    expect(end.activity).toMatchObject({ status: 'error', summary: 'exit code 3' });
    expect(end.result.output).toBe('hi');
    const saved = await openSavedSession(session.sessionFile!);
    const user = saved.events.find((e) => e.type === 'user');
    if (user?.type !== 'user') throw new Error('no user event');
    // The model still sees the exit code.
    expect(user.text).toContain('[exit code 3]');
    // The transcript entry every replay draws says what the live run did.
    expect(transcriptOf(saved.events)).toEqual([
      {
        kind: 'shell',
        id: user.id,
        command: 'echo hi; exit 3',
        state: end.activity.status,
        summary: end.activity.summary,
        output: end.result.output,
      },
    ]);
    expect(live[0]).toMatchObject({ title: '! echo hi; exit 3' });
    await session.close();
  });

  it('names the sessions an ambiguous --resume matches once', async () => {
    box.server = await startOpenAIChatServer([]);
    const ids: string[] = [];
    for (let i = 0; i < 2; i++) {
      const session = await create(box.server.url);
      await session.runShell('true');
      ids.push(session.sessionId!);
      await session.close();
    }
    const error = await findSession(box.home, box.workspace, { resume: '20' }).catch(
      (e: Error) => e,
    );
    expect(error).toBeInstanceOf(Error);
    const message = (error as Error).message;
    expect(message).toContain('"20" matches 2 sessions');
    for (const id of ids) expect(message.split(id).length - 1).toBe(1);
  });

  it('kills a running shell command on interrupt', async () => {
    box.server = await startOpenAIChatServer([]);
    const session = await create(box.server.url);
    const running = session.runShell('sleep 30; echo never');
    await new Promise((resolve) => setTimeout(resolve, 300));
    const started = Date.now();
    await session.interrupt();
    const result = await running;
    expect(Date.now() - started).toBeLessThan(5000);
    expect(result.output).toContain('aborted');
    expect(session.busy).toBe(false);
    await session.close();
  });

  it('attaches mentioned workspace files, bounded, and refuses paths outside', async () => {
    fs.mkdirSync(path.join(box.workspace, 'src'));
    fs.writeFileSync(path.join(box.workspace, 'src', 'main.ts'), 'export const x = 1;\n');
    fs.writeFileSync(path.join(box.workspace, 'big.txt'), 'line\n'.repeat(MAX_MENTION_CHARS));
    const expanded = await expandMentions(
      box.workspace,
      'look at @src/main.ts and @big.txt, not @../etc/passwd',
    );
    expect(expanded.attached).toEqual([
      { path: 'src/main.ts', lines: 1 },
      { path: 'big.txt', lines: MAX_MENTION_CHARS, keptLines: MAX_MENTION_CHARS / 5 },
    ]);
    expect(expanded.text).toContain('<file path="src/main.ts">\nexport const x = 1;\n</file>');
    expect(expanded.text).toContain('[cut: the first 4000 of 20000 lines are attached');
    expect(expanded.problems).toEqual([
      expect.stringMatching(/@\.\.\/etc\/passwd not attached: .*outside the workspace/),
    ]);
    // A saved prompt's attached files read back for its replay.
    const typed = 'look at @src/main.ts and @big.txt, not @../etc/passwd';
    expect(attachedFilesOf(expanded.text, typed)).toEqual(expanded.attached);
    expect(attachedFilesOf(typed, typed)).toEqual([]);
  });

  it('reads back attached files without a final newline, empty or of one line', async () => {
    fs.writeFileSync(path.join(box.workspace, 'a.txt'), 'one\ntwo');
    fs.writeFileSync(path.join(box.workspace, 'empty.txt'), '');
    fs.writeFileSync(path.join(box.workspace, 'b.txt'), '</file>\n');
    const typed = '@a.txt @empty.txt @b.txt';
    const expanded = await expandMentions(box.workspace, typed);
    expect(expanded.attached).toHaveLength(3);
    expect(attachedFilesOf(expanded.text, typed)).toEqual(expanded.attached);
  });
});
