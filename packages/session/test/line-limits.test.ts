import { promises as fs } from 'node:fs';
import path from 'node:path';
import {
  loadSession,
  MAX_LOAD_LINE_BYTES,
  MAX_SESSION_LINE_CHARS,
  projectSession,
  SessionWriter,
  TOO_DEEP,
} from '../src';
import { tempAgentHome } from './helpers';

jest.setTimeout(60_000);

const TS = '2026-01-01T00:00:00.000Z';
const line = (event: Record<string, unknown>): string =>
  JSON.stringify({ v: 1, id: Math.random().toString(16).slice(2), ts: TS, ...event });
const START = line({ type: 'session_start', cwd: '/w', provider: 'demo', model: 'demo' });

function nested(depth: number): string {
  return `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
}

describe('session lines are bounded on write and on load', () => {
  let home: string;
  let cleanup: () => Promise<void>;
  beforeEach(async () => ({ home, cleanup } = await tempAgentHome()));
  afterEach(() => cleanup());

  it('cuts a giant assistant text to fit one line, saying so, and loads it back', async () => {
    const writer = await SessionWriter.create({
      agentHome: home,
      cwd: '/w',
      provider: 'p',
      model: 'm',
    });
    const text = `start ${'y'.repeat(3 * MAX_SESSION_LINE_CHARS)}`;
    writer.recordAssistant({ role: 'assistant', text, toolCalls: [] });
    await writer.close();

    const lines = (await fs.readFile(writer.path, 'utf8')).trimEnd().split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[1]!.length).toBeLessThanOrEqual(MAX_SESSION_LINE_CHARS);
    const loaded = await loadSession(writer.path);
    expect(loaded.warnings).toEqual([]);
    const saved = loaded.events[1]!;
    expect(saved.type).toBe('assistant');
    const savedText = saved.type === 'assistant' ? saved.message.text : '';
    expect(savedText.startsWith('start yyy')).toBe(true);
    expect(savedText).toMatch(/characters cut: the session line limit\]$/);
  });

  it('skips an oversized line with a warning and keeps every other event', async () => {
    const file = path.join(home, 'big.jsonl');
    const huge = line({ type: 'user', text: 'z'.repeat(MAX_LOAD_LINE_BYTES + 1024) });
    await fs.writeFile(
      file,
      [START, line({ type: 'user', text: 'before' }), huge, line({ type: 'user', text: 'after' })]
        .join('\n')
        .concat('\n'),
    );
    const loaded = await loadSession(file);
    expect(loaded.events.map((e) => (e.type === 'user' ? e.text : e.type))).toEqual([
      'session_start',
      'before',
      'after',
    ]);
    expect(loaded.warnings).toEqual([{ line: 3, reason: 'longer than 64 MiB, skipped' }]);
  });

  it('skips a hand-edited line nested 20,000 deep with a warning, never dying', async () => {
    const file = path.join(home, 'deep.jsonl');
    const deep =
      `{"v":1,"type":"assistant","id":"d","ts":"${TS}","message":{"role":"assistant","text":"x",` +
      `"toolCalls":[{"id":"c","name":"read_file","status":"ok","summary":"s","input":${nested(20_000)}}]}}`;
    await fs.writeFile(file, `${START}\n${line({ type: 'user', text: 'hi' })}\n${deep}\n`);
    const loaded = await loadSession(file);
    expect(loaded.warnings).toEqual([
      { line: 3, reason: 'nested deeper than 256 levels, skipped' },
    ]);
    const { messages } = projectSession(loaded.events);
    expect(() => JSON.stringify(messages)).not.toThrow();
    expect(messages).toEqual([{ role: 'user', text: 'hi' }]);
  });

  it('saves a tool input nested 20,000 deep without overflowing the stack', async () => {
    const writer = await SessionWriter.create({
      agentHome: home,
      cwd: '/w',
      provider: 'p',
      model: 'm',
    });
    writer.recordAssistant({
      role: 'assistant',
      text: 'calling',
      toolCalls: [
        {
          id: 'c',
          name: 'read_file',
          input: JSON.parse(nested(20_000)) as unknown,
          status: 'ok',
          summary: 's',
        },
      ],
    });
    await writer.close();
    const loaded = await loadSession(writer.path);
    expect(loaded.warnings).toEqual([]);
    expect(JSON.stringify(loaded.events[1])).toContain(TOO_DEEP);
  });
});
