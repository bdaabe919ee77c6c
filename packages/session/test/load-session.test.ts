import { promises as fs } from 'node:fs';
import path from 'node:path';
import { loadSession, projectMessages, SESSION_SCHEMA_VERSION, SessionWriter } from '../src';
import { tempAgentHome } from './helpers';

describe('loadSession on damaged files', () => {
  let home: string;
  let cleanup: () => Promise<void>;
  beforeEach(async () => ({ home, cleanup } = await tempAgentHome()));
  afterEach(() => cleanup());

  async function writeSession(): Promise<string> {
    const writer = await SessionWriter.create({
      agentHome: home,
      cwd: '/w',
      provider: 'demo',
      model: 'demo',
    });
    writer.recordUser('first');
    writer.recordAssistant({ role: 'assistant', text: 'one', toolCalls: [] });
    writer.recordUser('second');
    writer.recordAssistant({ role: 'assistant', text: 'two', toolCalls: [] });
    await writer.close();
    return writer.path;
  }

  it('skips a torn last line (a crash mid-write) with a warning', async () => {
    const file = await writeSession();
    const whole = await fs.readFile(file, 'utf8');
    await fs.writeFile(
      file,
      whole + '{"v":1,"type":"user","id":"x","ts":"2026-11-30T00:00:00.000Z","te',
    );
    const loaded = await loadSession(file);
    expect(loaded.warnings).toEqual([
      { line: 6, reason: expect.stringContaining('torn last line') },
    ]);
    expect(
      projectMessages(loaded.events).map((m) => (m.role === 'checkpoint' ? m.summary : m.text)),
    ).toEqual(['first', 'one', 'second', 'two']);
  });

  it('skips a corrupt middle line and keeps every line around it', async () => {
    const file = await writeSession();
    const lines = (await fs.readFile(file, 'utf8')).split('\n');
    lines[2] = lines[2]!.slice(0, 25) + '\u0000garbage';
    await fs.writeFile(file, lines.join('\n'));
    const loaded = await loadSession(file);
    expect(loaded.warnings).toEqual([{ line: 3, reason: expect.stringContaining('invalid JSON') }]);
    expect(projectMessages(loaded.events)).toEqual([
      { role: 'user', text: 'first' },
      { role: 'user', text: 'second' },
      { role: 'assistant', text: 'two', toolCalls: [] },
    ]);
  });

  it('reports lines of the wrong shape and unknown event types instead of failing', async () => {
    const file = path.join(home, 'odd.jsonl');
    const ts = '2026-11-30T00:00:00.000Z';
    await fs.writeFile(
      file,
      [
        JSON.stringify({
          v: 1,
          type: 'session_start',
          id: 'a',
          ts,
          cwd: '/w',
          provider: 'demo',
          model: 'm',
        }),
        '[1,2,3]',
        JSON.stringify({ v: 1, type: 'user', id: 'b', ts, text: 42 }),
        JSON.stringify({ v: 1, type: 'telepathy', id: 'c', ts }),
        JSON.stringify({ type: 'user', id: 'd', ts, text: 'no version' }),
        '',
        JSON.stringify({ v: 1, type: 'user', id: 'e', ts, text: 'kept' }),
        '',
      ].join('\n'),
    );
    const loaded = await loadSession(file);
    expect(loaded.warnings.map((w) => w.line)).toEqual([2, 3, 4, 5]);
    expect(loaded.warnings[1]!.reason).toContain('user: "text": expected string, received number');
    expect(loaded.warnings[2]!.reason).toContain('unknown event type "telepathy"');
    expect(projectMessages(loaded.events)).toEqual([{ role: 'user', text: 'kept' }]);
    expect(loaded.start).toMatchObject({ cwd: '/w', provider: 'demo' });
  });

  it('reads a file from a newer version: unknown fields kept on the event, left out of the history', async () => {
    const file = path.join(home, 'future.jsonl');
    const ts = '2026-11-30T00:00:00.000Z';
    await fs.writeFile(
      file,
      [
        JSON.stringify({
          v: SESSION_SCHEMA_VERSION + 1,
          type: 'user',
          id: 'a',
          ts,
          text: 'hi',
          attachments: ['x.png'],
        }),
        JSON.stringify({
          v: SESSION_SCHEMA_VERSION + 1,
          type: 'assistant',
          id: 'b',
          ts,
          message: {
            role: 'assistant',
            text: 'hello',
            toolCalls: [],
            reasoning: 'secretless thoughts',
          },
        }),
      ].join('\n') + '\n',
    );
    const loaded = await loadSession(file);
    expect(loaded.warnings).toEqual([
      { line: 1, reason: expect.stringContaining('newer version') },
    ]);
    expect(loaded.events[0]).toMatchObject({ attachments: ['x.png'] });
    expect(projectMessages(loaded.events)).toEqual([
      { role: 'user', text: 'hi' },
      { role: 'assistant', text: 'hello', toolCalls: [] },
    ]);
  });

  it('reads a file saved by an editor with a byte-order mark and CRLF line ends', async () => {
    const file = await writeSession();
    const text = (await fs.readFile(file, 'utf8')).replace(/\n/g, '\r\n');
    await fs.writeFile(file, `\ufeff${text}`);
    const loaded = await loadSession(file);
    expect(loaded.warnings).toEqual([]);
    expect(loaded.events).toHaveLength(5);
  });

  it('rejects only when the file cannot be read at all', async () => {
    await expect(loadSession(path.join(home, 'missing.jsonl'))).rejects.toThrow(/ENOENT/);
  });
});
