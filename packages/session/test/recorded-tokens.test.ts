import { promises as fs } from 'node:fs';
import {
  messageTokens,
  tokenBound,
  tokenizerLoaded,
  warmTokenizer,
  type Message,
  type ToolActivity,
} from '@agent/llm';
import { loadSession, projectSession, type SessionWriter } from '../src';
import { pendingCall, tempAgentHome, testWriter } from './helpers';

// A session file records, for each event of the conversation, the o200k tokens it adds to a
// request rebuilt from the file, while the tokenizer is loaded; a resumed session takes them
// instead of counting. The counts must be the ones a fresh count of the rebuilt messages gives.

const SECRET = 'sk-proj-' + 'A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8S9t0';

/** A turn with each kind of message and result a resumed request carries. */
function playTurn(writer: SessionWriter): void {
  writer.recordUser('Fix the parser 漢字 🙂', '@src/parser.ts', undefined, [
    { sha256: 'a'.repeat(64), mediaType: 'image/png', name: 'shot.png', size: 10 },
  ]);
  const read = pendingCall('c1', 'read_file', { path: 'src/parser.ts' });
  const ask = pendingCall('c2', 'ask_user', {
    questions: [{ question: 'Which?', options: ['A'] }],
  });
  const run = pendingCall('c3', 'run_shell', { command: `OPENAI_API_KEY=${SECRET} npm test` });
  writer.recordLoopEvent({
    type: 'assistant_message',
    message: { role: 'assistant', text: 'Reading it.', toolCalls: [read, ask, run] },
  });
  const ended = (call: ToolActivity, fields: Partial<ToolActivity>): void =>
    writer.recordLoopEvent({
      type: 'tool_end',
      activity: { ...call, ...fields },
      result: { output: fields.output ?? '', summary: fields.summary ?? '' },
    });
  ended(read, { status: 'ok', summary: 'read 40 lines', output: 'export const x = 1;\n' });
  ended(ask, {
    status: 'ok',
    summary: 'answered 1 of 1',
    output: '{"answers":["A"],"cancelled":false}',
    retainedOutput: '{"answers":["A"],"cancelled":false}',
  });
  ended(run, { status: 'error', summary: `exit 1 with ${SECRET}`, output: 'FAIL' });
  writer.recordLoopEvent({
    type: 'assistant_message',
    message: { role: 'assistant', text: 'The bound was off by one; fixed.', toolCalls: [] },
  });
}

/** A checkpoint with a decision ledger, a turn, and a call left open (a quit mid-call). */
function playConversation(writer: SessionWriter): void {
  writer.recordCheckpoint({
    role: 'checkpoint',
    summary: 'Fixed the parser.',
    decisions: [
      { id: 'c0', name: 'ask_user', input: {}, status: 'ok', output: '{"answers":["A"]}' },
    ],
  });
  playTurn(writer);
  writer.recordUser('And the lexer?');
  const open = pendingCall('c4', 'read_file', { path: 'src/lexer.ts' });
  writer.recordLoopEvent({
    type: 'assistant_message',
    message: { role: 'assistant', text: 'Reading the lexer.', toolCalls: [open] },
  });
}

async function resumedMessages(file: string): Promise<Message[]> {
  return projectSession((await loadSession(file)).events).messages;
}

describe('recorded token counts', () => {
  let home: string;
  let cleanup: () => Promise<void>;
  beforeEach(async () => ({ home, cleanup } = await tempAgentHome()));
  afterEach(() => cleanup());

  it('are not written while the tokenizer is not loaded, and then are', async () => {
    expect(tokenizerLoaded()).toBe(false);
    const before = await testWriter(home);
    playConversation(before);
    await before.close();
    expect(await fs.readFile(before.path, 'utf8')).not.toContain('"o200k"');

    await warmTokenizer();
    const after = await testWriter(home);
    playConversation(after);
    await after.close();
    const lines = (await fs.readFile(after.path, 'utf8')).trim().split('\n');
    const counted = lines.map((line) => JSON.parse(line)).filter((e) => e.o200k !== undefined);
    expect(counted.map((e) => e.type)).toEqual([
      'checkpoint',
      'user',
      'assistant',
      'tool_end',
      'tool_end',
      'tool_end',
      'assistant',
      'user',
      'assistant',
    ]);
  });

  it('equal a fresh count of the messages a resume rebuilds, which then costs no count', async () => {
    await warmTokenizer();
    const writer = await testWriter(home);
    playTurn(writer);
    playConversation(writer);
    await writer.close();
    const resumed = await resumedMessages(writer.path);
    const request = { system: '', tools: [], messages: resumed };
    // Only the call left open (closed as interrupted on resume) is not a recorded count.
    const last = resumed[resumed.length - 1]!;
    const rest = { ...request, messages: resumed.slice(0, -1) };
    expect(tokenBound(rest, 'openai').uncounted).toBe(0);
    expect(tokenBound({ ...request, messages: [last] }, 'openai').uncounted).toBeGreaterThan(0);
    // A fresh copy of each message: same content, nothing remembered.
    const fresh = structuredClone(resumed);
    expect(messageTokens(resumed, 'openai')).toEqual(messageTokens(fresh, 'openai'));
    expect(await fs.readFile(writer.path, 'utf8')).not.toContain(SECRET);
  });

  it('that cannot be counts are ignored, the lines kept', async () => {
    await warmTokenizer();
    const writer = await testWriter(home);
    writer.recordUser('Fix the parser');
    writer.recordLoopEvent({
      type: 'assistant_message',
      message: { role: 'assistant', text: 'Done.', toolCalls: [] },
    });
    await writer.close();
    const text = await fs.readFile(writer.path, 'utf8');
    const spoiled = text
      .replace(/"o200k":\d+/, '"o200k":"many"')
      .replace(/("type":"assistant".*)"o200k":\d+/, '$1"o200k":99999999');
    await fs.writeFile(writer.path, spoiled);
    const loaded = await loadSession(writer.path);
    expect(loaded.warnings).toEqual([]);
    const resumed = projectSession(loaded.events).messages;
    expect(resumed.map((m) => m.role)).toEqual(['user', 'assistant']);
    const request = { system: '', tools: [], messages: resumed };
    expect(tokenBound(request, 'openai').uncounted).toBeGreaterThan(0);
    expect(messageTokens(resumed, 'openai')).toEqual(
      messageTokens(structuredClone(resumed), 'openai'),
    );
  });
});
