import type { Message } from '../src';
import { reply } from '../src/testing';
import { resultsIn, startLoop } from './support/run';
import { Effects, askTool, echoTool, firstOptionAsker } from './support/test-tools';

const questions = {
  questions: [{ question: 'Which database?', options: ['PostgreSQL', 'SQLite'] }],
};

/** A session cut off while a questionnaire was open: the calls are still pending. */
function cutOff(): Message[] {
  return [
    { role: 'user', text: 'set it up' },
    {
      role: 'assistant',
      text: 'One question first.',
      toolCalls: [
        { id: 'e0', name: 'echo', input: { text: 'done before' }, status: 'ok', summary: 'echoed' },
        { id: 'a1', name: 'ask_user', input: questions, status: 'pending', summary: '' },
        { id: 'e1', name: 'echo', input: { text: 'after' }, status: 'pending', summary: '' },
      ],
    },
  ];
}

describe('resuming a turn cut off while a questionnaire was open', () => {
  it("asks again for the same call id, skips the batch's other pending calls as section 4 says, and continues", async () => {
    const effects = new Effects();
    const h = startLoop(
      [reply('Using PostgreSQL.')],
      [askTool(effects), echoTool(effects)],
      {
        person: firstOptionAsker,
        resume: true,
      },
      cutOff(),
    );
    const result = await h.result;
    expect(result.reason).toBe('done');
    expect(effects.log).toEqual(['ask']);
    expect(
      h.events.some(
        (e) => e.type === 'assistant_message' && e.message.text === 'One question first.',
      ),
    ).toBe(false);
    expect(resultsIn(h.provider.requests[0]!.messages)).toEqual([
      { id: 'e0', status: 'ok', output: undefined },
      { id: 'a1', status: 'ok', output: '{"answers":["PostgreSQL"],"cancelled":false}' },
      {
        id: 'e1',
        status: 'skipped',
        output: 'skipped: ask_user took precedence; retry after reading the answer',
      },
    ]);
    expect(result.messages[0]!.toolCalls[1]!.retainedOutput).toBe(
      '{"answers":["PostgreSQL"],"cancelled":false}',
    );
    expect(result.messages.map((m) => m.text)).toEqual([
      'One question first.',
      'Using PostgreSQL.',
    ]);
    expect(h.provider.requests[0]!.messages).toHaveLength(2);
  });

  it('without a requester (or with asking disabled) the call is closed as interrupted', async () => {
    const effects = new Effects();
    const h = startLoop(
      [reply('ok')],
      [askTool(effects), echoTool(effects)],
      { resume: true },
      cutOff(),
    );
    await h.result;
    expect(effects.log).toEqual([]);
    const [, ask] = resultsIn(h.provider.requests[0]!.messages);
    expect(ask!.status).toBe('interrupted');
  });

  it('the first request waits for beforeFirstRequest, after the resumed calls have settled', async () => {
    const order: string[] = [];
    let open = (): void => undefined;
    let reached = (): void => undefined;
    const waiting = new Promise<void>((resolve) => (reached = resolve));
    const effects = new Effects();
    const h = startLoop(
      [reply('Using PostgreSQL.')],
      [askTool(effects), echoTool(effects)],
      {
        person: firstOptionAsker,
        resume: true,
        onEvent: (event) => {
          if (event.type === 'tool_end') order.push(`end:${event.activity.id}`);
        },
        beforeFirstRequest: () => {
          order.push('wait');
          reached();
          return new Promise<void>((resolve) => (open = resolve));
        },
      },
      cutOff(),
    );
    await waiting;
    expect(order).toEqual(['end:e1', 'end:a1', 'wait']);
    expect(h.provider.requests).toHaveLength(0);
    open();
    expect((await h.result).reason).toBe('done');
    expect(h.provider.requests).toHaveLength(1);
  });

  it('an abort while the first request waits ends the loop interrupted with no request', async () => {
    const controller = new AbortController();
    const effects = new Effects();
    const h = startLoop(
      [reply('never')],
      [askTool(effects), echoTool(effects)],
      {
        person: firstOptionAsker,
        resume: true,
        signal: controller.signal,
        // It never resolves: the abort alone ends the wait.
        beforeFirstRequest: () => {
          controller.abort();
          return new Promise<void>(() => undefined);
        },
      },
      cutOff(),
    );
    expect((await h.result).reason).toBe('interrupted');
    expect(h.provider.requests).toHaveLength(0);
  });
});
