import { promises as fs } from 'node:fs';
import {
  loadSession,
  projectMessages,
  projectSession,
  SESSION_SCHEMA_VERSION,
  SessionWriter,
} from '../src';
import { tempAgentHome } from './helpers';

describe('SessionWriter', () => {
  let home: string;
  let cleanup: () => Promise<void>;
  beforeEach(async () => ({ home, cleanup } = await tempAgentHome()));
  afterEach(() => cleanup());

  const create = () =>
    SessionWriter.create({
      agentHome: home,
      cwd: '/w',
      provider: 'demo',
      model: 'm',
      now: () => new Date('2026-11-30T01:02:03.000Z'),
    });

  it('stamps every line with version, type, unique id and time', async () => {
    const writer = await create();
    writer.recordUser('hi');
    writer.recordSettings({ toolHistory: 'off' });
    await writer.close();
    const lines = (await fs.readFile(writer.path, 'utf8'))
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(lines.map((l) => [l.v, l.type, l.ts])).toEqual([
      [SESSION_SCHEMA_VERSION, 'session_start', '2026-11-30T01:02:03.000Z'],
      [SESSION_SCHEMA_VERSION, 'user', '2026-11-30T01:02:03.000Z'],
      [SESSION_SCHEMA_VERSION, 'settings', '2026-11-30T01:02:03.000Z'],
    ]);
    expect(new Set(lines.map((l) => l.id)).size).toBe(3);
    expect(writer.path).toBe(`${home}/sessions/${writer.id}.jsonl`);
  });

  it('knows its last user event, also when reopened', async () => {
    const writer = await create();
    expect(writer.lastUserEventId).toBeUndefined();
    const first = writer.recordUser('one');
    writer.recordSettings({ toolHistory: 'off' });
    expect(writer.lastUserEventId).toBe(first.id);
    await writer.close();
    const reopened = await SessionWriter.open(writer.path, { lastUserEventId: first.id });
    expect(reopened.lastUserEventId).toBe(first.id);
    const second = reopened.recordUser('two');
    expect(reopened.lastUserEventId).toBe(second.id);
    await reopened.close();
  });

  it('has the turn on disk at turn_end without closing, and records no streaming noise', async () => {
    const writer = await create();
    writer.recordUser('hi');
    writer.recordLoopEvent({ type: 'text_delta', text: 'Hel' });
    writer.recordLoopEvent({ type: 'usage', usage: { inputTokens: 1, outputTokens: 1 } });
    writer.recordLoopEvent({
      type: 'assistant_message',
      message: { role: 'assistant', text: 'Hello', toolCalls: [] },
    });
    writer.recordLoopEvent({ type: 'turn_end', reason: 'done' });
    let loaded = await loadSession(writer.path);
    for (let i = 0; i < 100 && loaded.events.length < 3; i++) {
      await new Promise((resolve) => setTimeout(resolve, 10));
      loaded = await loadSession(writer.path);
    }
    expect(loaded.events.map((e) => e.type)).toEqual(['session_start', 'user', 'assistant']);
    await writer.close();
  });

  it('records how a turn ended when it did not end normally, and the model is not told', async () => {
    const writer = await create();
    const ends = ['done', 'interrupted', 'stopped', 'error', 'max_iterations'] as const;
    for (const reason of ends) {
      writer.recordUser(`prompt ${reason}`);
      writer.recordLoopEvent({ type: 'turn_end', reason, error: 'sk-secret-token failed' });
    }
    await writer.close();
    const text = await fs.readFile(writer.path, 'utf8');
    expect(text).not.toContain('sk-secret');
    const loaded = await loadSession(writer.path);
    expect(loaded.warnings).toEqual([]);
    expect(
      loaded.events
        .filter((e) => e.type === 'turn_end')
        .map((e) => e.type === 'turn_end' && e.reason),
    ).toEqual(['interrupted', 'stopped', 'error', 'max_iterations']);
    expect(projectMessages(loaded.events)).toEqual(
      ends.map((reason) => ({ role: 'user', text: `prompt ${reason}` })),
    );
  });

  it('skips a turn_end line with an unknown reason, with a warning', async () => {
    const writer = await create();
    writer.recordUser('hi');
    await writer.close();
    await fs.appendFile(
      writer.path,
      JSON.stringify({ v: 1, type: 'turn_end', id: 'x', ts: 'now', reason: 'exploded' }) + '\n',
    );
    const loaded = await loadSession(writer.path);
    expect(loaded.events.map((e) => e.type)).toEqual(['session_start', 'user']);
    expect(loaded.warnings).toEqual([
      expect.objectContaining({ line: 3, reason: expect.stringContaining('unknown reason') }),
    ]);
  });

  it("records the mode: the latest one is the session's, and a mode not known is skipped", async () => {
    const writer = await create();
    writer.recordSettings({ mode: 'plan' });
    writer.recordUser('hi');
    writer.recordSettings({ mode: 'accept-edits' });
    await writer.close();
    await fs.appendFile(
      writer.path,
      JSON.stringify({ v: 1, type: 'settings', id: 'x', ts: 'now', mode: 'yolo' }) + '\n',
    );
    const loaded = await loadSession(writer.path);
    expect(projectSession(loaded.events).mode).toBe('accept-edits');
    expect(loaded.warnings).toEqual([
      { line: 5, reason: 'settings: "mode": unknown mode, skipped' },
    ]);
  });

  it('keeps what the caller mutates after recording out of the file', async () => {
    const writer = await create();
    const message = { role: 'assistant' as const, text: 'one', toolCalls: [] };
    writer.recordAssistant(message);
    message.text = 'changed later';
    await writer.close();
    expect(projectMessages((await loadSession(writer.path)).events)).toEqual([
      { role: 'assistant', text: 'one', toolCalls: [] },
    ]);
  });

  it('resumes a file whose last line was torn without gluing the next event onto it', async () => {
    const writer = await create();
    writer.recordUser('before the crash');
    await writer.close();
    await fs.appendFile(writer.path, '{"v":1,"type":"assistant","id":"x","ts":"t","mess');

    const resumed = await SessionWriter.open(writer.path);
    expect(resumed.id).toBe(writer.id);
    resumed.recordUser('after resume');
    await resumed.close();
    const loaded = await loadSession(writer.path);
    expect(loaded.warnings).toEqual([{ line: 3, reason: expect.stringContaining('invalid JSON') }]);
    expect(projectMessages(loaded.events)).toEqual([
      { role: 'user', text: 'before the crash' },
      { role: 'user', text: 'after resume' },
    ]);
  });

  it('tells onAppend each event as a load of the file reads it back, secrets redacted', async () => {
    const heard: unknown[] = [];
    const writer = await SessionWriter.create({
      agentHome: home,
      cwd: '/w',
      provider: 'demo',
      model: 'm',
      onAppend: (event) => heard.push(event),
    });
    writer.recordUser('my key is sk-proj-abcdefghijklmnopqrstuvwxyz0123456789');
    writer.recordAssistant({ role: 'assistant', text: 'Noted.', toolCalls: [] });
    await writer.close();
    const { events } = await loadSession(writer.path);
    expect(heard).toEqual(events);
    expect(JSON.stringify(heard)).not.toContain('abcdefghijklmnopqrstuvwxyz0123456789');
  });

  it('refuses appends after close', async () => {
    const writer = await create();
    await writer.close();
    expect(() => writer.recordUser('late')).toThrow(/closed/);
    await writer.close();
  });
});

describe('SessionWriter write failures', () => {
  it('delivers a failed write once to onError, and the turn goes on', async () => {
    const errors: Error[] = [];
    const writer = await SessionWriter.open('/dev/full', { onError: (e) => errors.push(e) });
    writer.recordUser('lost to a full disk');
    await expect(writer.flush()).resolves.toBeUndefined();
    await writer.close();
    expect(errors.map((e) => (e as NodeJS.ErrnoException).code)).toEqual(['ENOSPC']);
  });

  it('without onError, the next flush rejects with the failure', async () => {
    const writer = await SessionWriter.open('/dev/full');
    writer.recordUser('lost to a full disk');
    await expect(writer.flush()).rejects.toMatchObject({ code: 'ENOSPC' });
    await expect(writer.close()).resolves.toBeUndefined();
  });
});
