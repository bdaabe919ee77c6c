import {
  INPUT_FIELD_LIMIT,
  boundInput,
  cloneMessages,
  closeDanglingCalls,
  isErrorResult,
  prepareMessages,
  toolResultText,
  type AssistantMessage,
  type Message,
  type ToolActivity,
} from '../src';
import { call, reply } from '../src/testing';
import { resultsIn, startLoop } from './support/run';
import { Effects, echoTool, writeTool } from './support/test-tools';

function activity(overrides: Partial<ToolActivity>): ToolActivity {
  return { id: 'c1', name: 'run_shell', input: {}, status: 'ok', summary: '', ...overrides };
}

describe('turn memory', () => {
  it('bounds every string field of a tool input at 4 KiB with a marker, at any depth', () => {
    const big = 'a'.repeat(INPUT_FIELD_LIMIT + 100);
    const bounded = boundInput({ path: 'x.ts', content: big, edits: [{ text: big }], n: 3 }) as any;
    expect(bounded.path).toBe('x.ts');
    expect(bounded.n).toBe(3);
    expect(bounded.content.startsWith('a'.repeat(INPUT_FIELD_LIMIT))).toBe(true);
    expect(bounded.content).toMatch(/\[\.\.\. 100 more characters not kept in history\]$/);
    expect(bounded.edits[0].text).toBe(bounded.content);
  });

  it('the loop keeps raw outputs while it runs and drops them at the end when history is off', async () => {
    const effects = new Effects();
    const big = 'b'.repeat(5000);
    const h = startLoop(
      [reply('', call('c1', 'write', { path: 'f', content: big })), reply('done')],
      [writeTool(effects)],
      { toolHistory: 'off' },
    );
    const result = await h.result;
    expect(resultsIn(h.provider.requests[1]!.messages)[0]!.output).toBe('wrote f');
    const kept = result.messages[0]!.toolCalls[0]!;
    expect(kept.output).toBeUndefined();
    expect(kept.status).toBe('ok');
    expect(kept.summary).toBe('wrote f');
    expect(toolResultText(kept)).toBe('[ok] write: wrote f');
    expect((kept.input as { content: string }).content.length).toBeLessThan(big.length);
  });

  it('with history full the raw outputs stay', async () => {
    const h = startLoop(
      [reply('', call('c1', 'echo', { text: 'hi' })), reply('done')],
      [echoTool(new Effects())],
      { toolHistory: 'full' },
    );
    const result = await h.result;
    expect(result.messages[0]!.toolCalls[0]!.output).toBe('echo: hi');
  });

  it('result text prefers the exact output, then the retained output, then a status line', () => {
    expect(toolResultText(activity({ output: 'raw', retainedOutput: 'kept' }))).toBe('raw');
    expect(toolResultText(activity({ retainedOutput: 'kept' }))).toBe('kept');
    expect(toolResultText(activity({ status: 'interrupted', summary: '$ npm test' }))).toBe(
      '[interrupted] run_shell: $ npm test',
    );
    expect(toolResultText(activity({ status: 'skipped', summary: '' }))).toBe(
      '[skipped] run_shell',
    );
    expect(isErrorResult(activity({ status: 'ok' }))).toBe(false);
    for (const status of ['error', 'denied', 'skipped', 'interrupted'] as const) {
      expect(isErrorResult(activity({ status }))).toBe(true);
    }
  });

  it('closes dangling calls with a paired interrupted result without touching the input', () => {
    const messages: Message[] = [
      { role: 'user', text: 'go' },
      {
        role: 'assistant',
        text: '',
        toolCalls: [
          activity({ id: 'done', status: 'ok', output: 'fine' }),
          activity({ id: 'open', status: 'pending', summary: 'ask 2 questions' }),
        ],
      },
    ];
    const closed = closeDanglingCalls(messages);
    const calls = (closed[1] as AssistantMessage).toolCalls;
    expect(calls.map((c) => c.status)).toEqual(['ok', 'interrupted']);
    expect(toolResultText(calls[1]!)).toMatch(/interrupted/);
    expect((messages[1] as AssistantMessage).toolCalls[1]!.status).toBe('pending');
  });

  it('requests start at the last checkpoint', () => {
    const messages: Message[] = [
      { role: 'user', text: 'old' },
      { role: 'checkpoint', summary: 'first' },
      { role: 'user', text: 'middle' },
      { role: 'checkpoint', summary: 'second' },
      { role: 'user', text: 'new' },
    ];
    expect(prepareMessages(messages)).toEqual(messages.slice(3));
  });

  it('clones deeply: changing a copy never changes the original', () => {
    const original: Message[] = [
      {
        role: 'assistant',
        text: 't',
        usage: { inputTokens: 1, outputTokens: 2 },
        toolCalls: [
          activity({
            input: { questions: [{ question: 'q', options: ['a', 'b'] }] },
            retainedOutput: 'r',
          }),
        ],
      },
    ];
    const copy = cloneMessages(original) as AssistantMessage[];
    (copy[0]!.toolCalls[0]!.input as any).questions[0].options.push('c');
    copy[0]!.toolCalls[0]!.retainedOutput = 'changed';
    copy[0]!.usage!.inputTokens = 99;
    const source = original[0] as AssistantMessage;
    expect((source.toolCalls[0]!.input as any).questions[0].options).toEqual(['a', 'b']);
    expect(source.toolCalls[0]!.retainedOutput).toBe('r');
    expect(source.usage!.inputTokens).toBe(1);
  });
});
