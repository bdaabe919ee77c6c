import { call, reply } from '../src/testing';
import { resultsIn, startLoop } from './support/run';
import {
  Effects,
  RecordingPermissions,
  askTool,
  asker,
  echoTool,
  firstOptionAsker,
  firstOptions,
  writeTool,
} from './support/test-tools';

const questions = {
  questions: [
    { question: 'Which database?', options: ['PostgreSQL', 'SQLite'] },
    { question: 'Which API style?', options: ['REST', 'GraphQL'] },
  ],
};

describe('interactive tool rules', () => {
  it('precedence: only the interactive call runs; the others are skipped, in call order, with no side effect', async () => {
    const effects = new Effects();
    const permissions = new RecordingPermissions();
    const h = startLoop(
      [
        reply(
          '',
          call('c1', 'write', { path: 'a.ts', content: 'x' }),
          call('c2', 'ask_user', questions),
          call('c3', 'echo', { text: 'later' }),
          call('c4', 'nope', {}),
        ),
        reply('Using PostgreSQL with REST.'),
      ],
      [writeTool(effects), askTool(effects), echoTool(effects)],
      { person: asker(firstOptions, permissions) },
    );
    const result = await h.result;
    expect(effects.log).toEqual(['ask']);
    expect(permissions.requests).toEqual([]);
    const skipped = 'skipped: ask_user took precedence; retry after reading the answer';
    expect(resultsIn(h.provider.requests[1]!.messages)).toEqual([
      { id: 'c1', status: 'skipped', output: skipped },
      { id: 'c2', status: 'ok', output: '{"answers":["PostgreSQL","REST"],"cancelled":false}' },
      { id: 'c3', status: 'skipped', output: skipped },
      { id: 'c4', status: 'skipped', output: skipped },
    ]);
    expect(result.reason).toBe('done');
  });

  it('budget: past maxInteractive the call gets the budget error and asks nobody', async () => {
    const effects = new Effects();
    const h = startLoop(
      [
        reply('', call('a1', 'ask_user', questions)),
        reply('', call('a2', 'ask_user', questions)),
        reply('', call('a3', 'ask_user', questions)),
        reply('fine'),
      ],
      [askTool(effects)],
      { person: firstOptionAsker, maxInteractive: 2 },
    );
    await h.result;
    expect(effects.log).toEqual(['ask', 'ask']);
    const third = resultsIn(h.provider.requests[3]!.messages)[2]!;
    expect(third).toEqual({
      id: 'a3',
      status: 'error',
      output: 'ask_user budget exhausted (2 per turn): proceed with the context you have',
    });
  });

  it('budget: counts per prompt loop, so the next prompt may ask again', async () => {
    const effects = new Effects();
    const first = startLoop(
      [reply('', call('a1', 'ask_user', questions)), reply('asked once')],
      [askTool(effects)],
      { person: firstOptionAsker, maxInteractive: 1 },
    );
    const firstResult = await first.result;
    const second = startLoop(
      [reply('', call('b1', 'ask_user', questions)), reply('asked again')],
      [askTool(effects)],
      { person: firstOptionAsker, maxInteractive: 1 },
      [
        { role: 'user', text: 'please help' },
        ...firstResult.messages,
        { role: 'user', text: 'and the next thing' },
      ],
    );
    await second.result;
    expect(effects.log).toEqual(['ask', 'ask']);
    expect(resultsIn(second.provider.requests[1]!.messages).at(-1)).toEqual({
      id: 'b1',
      status: 'ok',
      output: '{"answers":["PostgreSQL","REST"],"cancelled":false}',
    });
  });

  it('the default budget is 3 per loop and 0 disables asking', async () => {
    const effects = new Effects();
    const steps = Array.from({ length: 4 }, (_, i) =>
      reply('', call(`a${i}`, 'ask_user', questions)),
    );
    const h = startLoop([...steps, reply('ok')], [askTool(effects)], { person: firstOptionAsker });
    await h.result;
    expect(effects.log).toHaveLength(3);
    expect(resultsIn(h.provider.requests[4]!.messages)[3]!.output).toBe(
      'ask_user budget exhausted (3 per turn): proceed with the context you have',
    );

    const none = new Effects();
    const disabled = startLoop(
      [reply('', call('a1', 'ask_user', questions)), reply('ok')],
      [askTool(none)],
      { person: firstOptionAsker, maxInteractive: 0 },
    );
    await disabled.result;
    expect(none.log).toEqual([]);
    expect(resultsIn(disabled.provider.requests[1]!.messages)[0]!.status).toBe('error');
  });

  it('a malformed interactive call does not use up the budget', async () => {
    const effects = new Effects();
    const h = startLoop(
      [
        reply('', call('a1', 'ask_user', { questions: 'which?' })),
        reply('', call('a2', 'ask_user', questions)),
        reply('ok'),
      ],
      [askTool(effects)],
      { person: firstOptionAsker, maxInteractive: 1 },
    );
    await h.result;
    expect(effects.log).toEqual(['ask']);
  });

  it('guard: without a requester the interactive call gets a clear error at once', async () => {
    const effects = new Effects();
    const h = startLoop(
      [reply('', call('a1', 'ask_user', questions)), reply('assuming PostgreSQL')],
      [askTool(effects)],
    );
    const result = await h.result;
    expect(result.reason).toBe('done');
    expect(effects.log).toEqual([]);
    const [guarded] = resultsIn(h.provider.requests[1]!.messages);
    expect(guarded!.status).toBe('error');
    expect(guarded!.output).toMatch(/ask_user is not available here: no person can answer/);
  });

  it('keeps the exact input and answer of an interactive call even with tool history off', async () => {
    const effects = new Effects();
    const long = 'x'.repeat(6000);
    const input = { questions: [{ question: long, options: ['A', 'B'] }] };
    const h = startLoop(
      [reply('', call('a1', 'ask_user', input), call('e1', 'echo', { text: long })), reply('ok')],
      [askTool(effects), echoTool(effects)],
      { person: firstOptionAsker, toolHistory: 'off' },
    );
    const result = await h.result;
    const [ask, echo] = result.messages[0]!.toolCalls;
    expect(ask!.input).toEqual(input);
    expect(ask!.retainedOutput).toBe('{"answers":["A"],"cancelled":false}');
    expect(ask!.output).toBeUndefined();
    expect(echo!.status).toBe('skipped');
    expect((echo!.input as { text: string }).text.length).toBeLessThan(4200);
  });
});
