import { z } from 'zod/v4';
import { defineTool, type Questionnaire, type Tool } from '@agent/tools';
import { call, reply } from '../src/testing';
import { resultsIn, startLoop } from './support/run';
import { Effects, askTool, asker, echoTool, firstOptionAsker } from './support/test-tools';

const questions = {
  questions: [{ question: 'Which database?', options: ['PostgreSQL', 'SQLite'] }],
};

describe('precedence is decided after validation and the budget check', () => {
  it('an invalid ask_user call takes no precedence: its batch-mates run', async () => {
    const effects = new Effects();
    const h = startLoop(
      [
        reply(
          '',
          call('a1', 'ask_user', { questions: 'which?' }),
          call('e1', 'echo', { text: 'x' }),
        ),
        reply('ok'),
      ],
      [askTool(effects), echoTool(effects)],
      { person: firstOptionAsker },
    );
    await h.result;
    expect(effects.log).toEqual(['echo:x']);
    const [ask, echo] = resultsIn(h.provider.requests[1]!.messages);
    expect(ask!.status).toBe('error');
    expect(echo).toEqual({ id: 'e1', status: 'ok', output: 'echo: x' });
  });

  it('an over-budget ask_user call takes no precedence: its batch-mates run', async () => {
    const effects = new Effects();
    const h = startLoop(
      [
        reply('', call('a1', 'ask_user', questions)),
        reply('', call('a2', 'ask_user', questions), call('e1', 'echo', { text: 'y' })),
        reply('ok'),
      ],
      [askTool(effects), echoTool(effects)],
      { person: firstOptionAsker, maxInteractive: 1 },
    );
    await h.result;
    expect(effects.log).toEqual(['ask', 'echo:y']);
    const results = resultsIn(h.provider.requests[2]!.messages);
    expect(results[1]!.output).toMatch(/budget exhausted/);
    expect(results[2]).toEqual({ id: 'e1', status: 'ok', output: 'echo: y' });
  });

  it('without a requester (headless) ask_user takes no precedence either', async () => {
    const effects = new Effects();
    const h = startLoop(
      [
        reply('', call('a1', 'ask_user', questions), call('e1', 'echo', { text: 'z' })),
        reply('ok'),
      ],
      [askTool(effects), echoTool(effects)],
    );
    await h.result;
    expect(effects.log).toEqual(['echo:z']);
  });
});

describe('a soft stop pending before the batch', () => {
  it('the questionnaire does not open; the call gets a paired stopped result', async () => {
    const effects = new Effects();
    const soft = new AbortController();
    soft.abort();
    let asked = 0;
    const h = startLoop(
      [reply('', call('a1', 'ask_user', questions)), reply('never requested')],
      [askTool(effects)],
      {
        softStop: soft.signal,
        person: asker(async (q: Questionnaire) => {
          asked++;
          return { answers: [q.questions[0]!.options[0]!], cancelled: false };
        }),
      },
    );
    const result = await h.result;
    expect(asked).toBe(0);
    expect(result.reason).toBe('stopped');
    expect(h.provider.requests).toHaveLength(1);
    const [ask] = result.messages[0]!.toolCalls;
    expect(ask!.status).toBe('skipped');
    expect(ask!.output).toMatch(/^stopped: the person stopped the turn \(Esc\) before ask_user/);
    expect(ask!.retainedOutput).toBeUndefined();
  });
});

describe('a rejected ask_user call keeps no unbounded input', () => {
  it('invalid input is bounded in memory and in later requests; nothing is retained', async () => {
    const effects = new Effects();
    const huge = 'q'.repeat(50_000);
    const h = startLoop(
      [reply('', call('a1', 'ask_user', { questions: huge })), reply('ok')],
      [askTool(effects)],
      { person: firstOptionAsker, toolHistory: 'off' },
    );
    const result = await h.result;
    const [ask] = result.messages[0]!.toolCalls;
    expect(JSON.stringify(ask!.input).length).toBeLessThan(4300);
    expect(ask!.retainedOutput).toBeUndefined();
    const sent = h.provider.requests[1]!.messages[1];
    expect(sent!.role).toBe('assistant');
    const sentInput = sent!.role === 'assistant' ? sent.toolCalls[0]!.input : undefined;
    expect(JSON.stringify(sentInput).length).toBeLessThan(4300);
    const assistant = h.events.find((e) => e.type === 'assistant_message');
    expect(JSON.stringify(assistant).length).toBeLessThan(6000);
  });

  it('arguments that are not JSON are bounded too', async () => {
    const effects = new Effects();
    const h = startLoop(
      [reply('', call('a1', 'ask_user', `{"questions": ${'['.repeat(20_000)}`)), reply('ok')],
      [askTool(effects)],
      { person: firstOptionAsker },
    );
    const result = await h.result;
    expect(String(result.messages[0]!.toolCalls[0]!.input).length).toBeLessThan(4300);
  });
});

/** An interactive tool that reports one answer, then waits for the interrupt. */
function partialAsker(reported: () => void): Tool<{ questions: unknown[] }> {
  return defineTool({
    name: 'ask_user',
    description: 'Ask.',
    inputSchema: z.object({ questions: z.array(z.unknown()) }),
    permission: 'read',
    interactive: true,
    retainsOutput: true,
    async execute(_input, ctx) {
      ctx.reportPartial?.('{"answers":["TypeScript"],"cancelled":true,"interrupted":true}');
      reported();
      await new Promise((resolve) => ctx.signal.addEventListener('abort', resolve));
      throw ctx.signal.reason;
    },
  });
}

describe('an interrupt while an interactive tool waits', () => {
  it('pairs the call with the partial result the tool reported, retained', async () => {
    const controller = new AbortController();
    const h = startLoop(
      [reply('', call('a1', 'ask_user', { questions: [1, 2] })), reply('never')],
      [partialAsker(() => controller.abort(new Error('stop')))],
      { person: firstOptionAsker, toolHistory: 'off', signal: controller.signal },
    );
    const result = await h.result;
    expect(result.reason).toBe('interrupted');
    const [ask] = result.messages[0]!.toolCalls;
    expect(ask!.status).toBe('interrupted');
    expect(ask!.retainedOutput).toBe(
      '{"answers":["TypeScript"],"cancelled":true,"interrupted":true}',
    );
    const end = h.events.find((e) => e.type === 'tool_end');
    expect(end?.type === 'tool_end' && end.result.output).toBe(ask!.retainedOutput);
  });
});
