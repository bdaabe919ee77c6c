import { PassThrough } from 'node:stream';
import type { LoopEvent, ToolActivity } from '@agent/llm';
import { createOutput, type RunReport } from '../src/output';

function capture(): { stream: PassThrough; text: () => string } {
  const stream = new PassThrough();
  const chunks: string[] = [];
  stream.on('data', (chunk: Buffer) => chunks.push(chunk.toString('utf8')));
  return { stream, text: () => chunks.join('') };
}

const activity: ToolActivity = {
  id: 'call_1',
  name: 'run_shell',
  input: { command: 'ls' },
  status: 'denied',
  summary: 'denied: re-run with --yes',
};

const events: LoopEvent[] = [
  { type: 'text_delta', text: 'Let me ' },
  { type: 'text_delta', text: 'look.' },
  { type: 'tool_start', activity: { ...activity, status: 'pending', summary: '' }, title: 'ls' },
  { type: 'tool_update', id: 'call_1', update: { text: 'explore: grep answer', persist: true } },
  { type: 'tool_update', id: 'call_1', update: { text: 'transient shell line' } },
  { type: 'tool_end', activity, result: { output: 'denied', isError: true } },
  { type: 'text_delta', text: 'Done \u001b[31mred' },
  { type: 'turn_end', reason: 'done' },
];

const report: RunReport = {
  text: 'Done',
  messages: [],
  reason: 'done',
  usage: {
    inputTokens: 3,
    outputTokens: 4,
    models: [],
    total: { inputTokens: 0, outputTokens: 0, cachedTokens: 0, unpriced: [] },
  },
  sessionId: 's1',
  saved: true,
};

function play(format: 'text' | 'json' | 'jsonl'): { stdout: string; stderr: string } {
  const stdout = capture();
  const stderr = capture();
  const output = createOutput(format, { stdout: stdout.stream, stderr: stderr.stream });
  output.start({ sessionId: 's1', provider: 'demo', model: 'demo', cwd: '/w', resumed: false });
  for (const event of events) output.event(event);
  output.finish(report);
  return { stdout: stdout.text(), stderr: stderr.text() };
}

describe('createOutput', () => {
  it('text: streams assistant text to stdout and one line per tool event to stderr', () => {
    const { stdout, stderr } = play('text');
    expect(stdout).toBe('Let me look.\nDone red\n');
    expect(stderr).toBe(
      '> run_shell: ls\n  | explore: grep answer\n< run_shell denied: re-run with --yes\n' +
        'session s1 saved; continue it with --resume s1 (or --continue)\n',
    );
  });

  it('text: a piped stdout carries no escape, even one split across deltas', () => {
    const stdout = capture();
    const output = createOutput('text', { stdout: stdout.stream, stderr: capture().stream });
    const deltas = ['Done \u001b[', '2J\u001b]5', '2;c;SGVsbG8=', '\u0007 red\tcol'];
    for (const text of deltas) output.event({ type: 'text_delta', text });
    output.finish(report);
    expect(stdout.text()).toBe('Done  red\tcol\n');
  });

  it('jsonl: C1 controls and bidi overrides are escaped, the JSON value unchanged', () => {
    const stdout = capture();
    const output = createOutput('jsonl', { stdout: stdout.stream, stderr: capture().stream });
    const event: LoopEvent = { type: 'text_delta', text: 'a\u009b2J\u202eb' };
    output.event(event);
    expect(stdout.text()).not.toMatch(/[\u0080-\u009f\u202e]/);
    expect(JSON.parse(stdout.text())).toEqual(event);
  });

  it('json: prints exactly one object on stdout', () => {
    const { stdout, stderr } = play('json');
    expect(stdout.trim().split('\n')).toHaveLength(1);
    expect(JSON.parse(stdout)).toEqual(report);
    expect(stderr).toContain('< run_shell denied');
  });

  it('jsonl: prints the session, every loop event and the result, one per line', () => {
    const lines = play('jsonl')
      .stdout.trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(lines.map((line) => line.type)).toEqual([
      'session',
      ...events.map((event) => event.type),
      'result',
    ]);
    expect(lines[0]).toMatchObject({ sessionId: 's1', provider: 'demo' });
    expect(lines.at(-1)).toEqual({ type: 'result', ...report });
  });
});

describe('the activity log', () => {
  it('shows a hidden command in a tool title as notation, on one line', () => {
    const stderr = capture();
    const output = createOutput('text', { stdout: capture().stream, stderr: stderr.stream });
    output.event({
      type: 'tool_start',
      activity: { ...activity, status: 'pending', summary: '' },
      title: '$ echo hi\x1b]0;\ntouch MARKER\x07 \u202eevil',
    });
    expect(stderr.text()).toBe('> run_shell: $ echo hi\\x1b]0; touch MARKER\\x07 \\u202eevil\n');
  });
});

describe('--output jsonl history of a continued session', () => {
  it('writes one history line per transcript entry, without the renderer copy of a call', () => {
    const stdout = capture();
    const stderr = capture();
    const output = createOutput('jsonl', { stdout: stdout.stream, stderr: stderr.stream });
    const call = { ...activity, status: 'interrupted' as const };
    output.history([
      { kind: 'prompt', id: 'u1', shown: 'ls please', sent: 'ls please', images: [] },
      {
        kind: 'tool',
        id: call.id,
        name: call.name,
        title: 'ls',
        input: call.input,
        state: 'interrupted',
        summary: '',
        steps: [],
        activity: call,
      },
    ]);
    const lines = stdout
      .text()
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(lines).toEqual([
      {
        type: 'history',
        entry: { kind: 'prompt', id: 'u1', shown: 'ls please', sent: 'ls please', images: [] },
      },
      {
        type: 'history',
        entry: {
          kind: 'tool',
          id: 'call_1',
          name: 'run_shell',
          title: 'ls',
          input: { command: 'ls' },
          state: 'interrupted',
          summary: '',
          steps: [],
        },
      },
    ]);
  });

  it('writes none in the text and json formats', () => {
    for (const format of ['text', 'json'] as const) {
      const stdout = capture();
      const output = createOutput(format, { stdout: stdout.stream, stderr: capture().stream });
      output.history([{ kind: 'assistant', text: 'earlier' }]);
      expect(stdout.text()).toBe('');
    }
  });
});
