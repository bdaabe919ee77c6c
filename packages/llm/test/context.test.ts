import {
  DEFAULT_CONTEXT_WINDOW,
  REMOVED_RESULT_PLACEHOLDER,
  contextBreakdown,
  contextUsage,
  contextWindowFor,
  countTokens,
  reduceHistory,
  shouldAutoCompact,
  tokenizerFamily,
  type AssistantMessage,
  type Message,
  type ToolActivity,
} from '../src';
import { call, reply } from '../src/testing';
import { startLoop } from './support/run';
import { Effects, echoTool } from './support/test-tools';

function turn(id: string, output: string, extra: Partial<ToolActivity> = {}): Message[] {
  return [
    { role: 'user', text: `prompt ${id}` },
    {
      role: 'assistant',
      text: '',
      toolCalls: [
        {
          id,
          name: 'read_file',
          input: { path: id },
          status: 'ok',
          summary: `read ${id}`,
          output,
          ...extra,
        },
      ],
    },
  ];
}

describe('token counting', () => {
  it('uses the real o200k tokenizer for OpenAI families and an estimate elsewhere', () => {
    expect(countTokens('hello world', 'openai')).toBe(2);
    expect(countTokens('', 'openai')).toBe(0);
    expect(countTokens('<|endoftext|>', 'openai')).toBeGreaterThan(1);
    expect(countTokens('a'.repeat(35))).toBe(10);
    expect(tokenizerFamily('openai-chat', 'anything')).toBe('openai');
    expect(tokenizerFamily('text', 'gpt-4o-mini')).toBe('openai');
    expect(tokenizerFamily('anthropic', 'claude-sonnet-4-5')).toBe('estimate');
  });

  it('knows common windows and falls back to 128k', () => {
    expect(contextWindowFor('claude-sonnet-4-5')).toBe(200_000);
    expect(contextWindowFor('us.anthropic.claude-3-7-sonnet-20250219-v1:0')).toBe(200_000);
    expect(contextWindowFor('gpt-4.1-mini')).toBe(1_047_576);
    expect(contextWindowFor('gpt-4o')).toBe(128_000);
    expect(contextWindowFor('googleai/gemini-2.5-flash')).toBe(1_048_576);
    expect(contextWindowFor('my-local-model')).toBe(DEFAULT_CONTEXT_WINDOW);
  });

  it('breaks a request down into system, tools, history and tool results', () => {
    const request = {
      system: 'x'.repeat(350),
      tools: [{ name: 't', description: 'd', parameters: {} }],
      messages: turn('a', 'y'.repeat(700)),
    };
    const b = contextBreakdown(request);
    expect(b.system).toBe(100);
    expect(b.toolResults).toBeGreaterThanOrEqual(200);
    expect(b.tools).toBeGreaterThan(0);
    expect(b.total).toBe(b.system + b.tools + b.history + b.toolResults);
    const usage = contextUsage(request, 'gpt-4o', 'openai-chat');
    expect(usage.window).toBe(128_000);
    expect(usage.fraction).toBeCloseTo(usage.total / 128_000);
  });

  it('auto-compaction triggers at the configured fraction (0.8 by default)', () => {
    expect(shouldAutoCompact(79_999, 100_000)).toBe(false);
    expect(shouldAutoCompact(80_000, 100_000)).toBe(true);
    expect(shouldAutoCompact(50_000, 100_000, 0.5)).toBe(true);
    expect(shouldAutoCompact(99_000, 100_000, 0)).toBe(false);
  });
});

describe('reduceHistory', () => {
  const big = 'z'.repeat(3500);
  const history: Message[] = [
    ...turn('old1', big),
    ...turn('ask', big, { name: 'ask_user', retainedOutput: big }),
    ...turn('old2', big),
    ...turn('current', big),
  ];

  it('replaces old outputs oldest first until under budget, never retained or current ones', () => {
    const reduced = reduceHistory(history, 2500);
    const outputs = reduced.messages.flatMap((m) =>
      m.role === 'assistant' ? m.toolCalls.map((c) => c.output) : [],
    );
    expect(outputs).toEqual([REMOVED_RESULT_PLACEHOLDER, big, REMOVED_RESULT_PLACEHOLDER, big]);
    expect(reduced.replaced).toBe(2);
    expect((history[1] as AssistantMessage).toolCalls[0]!.output).toBe(big);
  });

  it('stops as soon as the budget is met', () => {
    const reduced = reduceHistory(history, 3 * 1000 + 200);
    expect(reduced.replaced).toBe(1);
    expect(reduced.tokens).toBeLessThanOrEqual(3 * 1000 + 200);
  });

  it('the loop prunes old results before a request that would pass the window fraction', async () => {
    const h = startLoop(
      [reply('', call('n1', 'echo', { text: 'new' })), reply('done')],
      [echoTool(new Effects())],
      { contextWindow: 2500, reduceAt: 0.8 },
      [...turn('old1', big), ...turn('old2', big), { role: 'user', text: 'now' }],
    );
    await h.result;
    const first = h.provider.requests[0]!.messages;
    const outputs = first.flatMap((m) =>
      m.role === 'assistant' ? m.toolCalls.map((c) => c.output) : [],
    );
    expect(outputs).toEqual([REMOVED_RESULT_PLACEHOLDER, big]);
    const second = h.provider.requests[1]!.messages.at(-1) as AssistantMessage;
    expect(second.toolCalls[0]!.output).toBe('echo: new');
  });
});
