import { compactHistory, prepareMessages, type Message } from '../src';
import { ScriptedProvider, reply } from '../src/testing';

const retained = '{"answers":["PostgreSQL","REST"],"cancelled":false}';

function conversation(): Message[] {
  return [
    { role: 'user', text: 'set up the service' },
    {
      role: 'assistant',
      text: '',
      toolCalls: [
        {
          id: 'a1',
          name: 'ask_user',
          input: {
            questions: [{ question: 'Which database?', options: ['PostgreSQL', 'SQLite'] }],
          },
          status: 'ok',
          summary: 'answered 1 of 1',
          retainedOutput: retained,
        },
      ],
    },
    { role: 'assistant', text: 'Using PostgreSQL.', toolCalls: [] },
    { role: 'user', text: 'now add a health check' },
    { role: 'assistant', text: 'Added /health.', toolCalls: [] },
  ];
}

describe('compactHistory', () => {
  it('summarises older turns through the provider into a checkpoint that requests start from', async () => {
    const provider = new ScriptedProvider([reply('- The person chose PostgreSQL and REST.')]);
    const messages = conversation();
    const result = await compactHistory({
      provider,
      messages,
      signal: new AbortController().signal,
      keepRecent: 1,
    });
    if (!result.ok) throw new Error(result.reason);
    expect(result.checkpoint.role).toBe('checkpoint');
    expect(result.checkpoint.summary).toBe('- The person chose PostgreSQL and REST.');
    expect(result.summarized).toBe(3);
    expect(prepareMessages(result.messages)).toEqual([result.checkpoint, ...messages.slice(3)]);
    const request = provider.requests[0]!;
    expect(request.tools).toEqual([]);
    const prompt = (request.messages[0] as { text: string }).text;
    expect(prompt).toContain('set up the service');
    expect(prompt).toContain(retained);
    expect(prompt).toContain('Which database?');
    expect(prompt).not.toContain('now add a health check');
  });

  it('folds an earlier checkpoint into the next summary', async () => {
    const provider = new ScriptedProvider([reply('second summary')]);
    const messages: Message[] = [
      { role: 'user', text: 'ancient' },
      { role: 'checkpoint', summary: 'first summary' },
      ...conversation(),
    ];
    const result = await compactHistory({
      provider,
      messages,
      signal: new AbortController().signal,
    });
    expect(result.ok).toBe(true);
    const prompt = (provider.requests[0]!.messages[0] as { text: string }).text;
    expect(prompt).toContain('first summary');
    expect(prompt).not.toContain('ancient');
  });

  it('refuses while a tool call is pending and never calls the provider', async () => {
    const provider = new ScriptedProvider([reply('x')]);
    const messages = conversation();
    (messages[1] as { toolCalls: { status: string }[] }).toolCalls[0]!.status = 'pending';
    const result = await compactHistory({
      provider,
      messages,
      signal: new AbortController().signal,
    });
    expect(result).toEqual({
      ok: false,
      reason: 'cannot compact while a tool call is still pending',
    });
    expect(provider.requests).toHaveLength(0);
  });

  it('refuses when there is nothing older than the kept turns, and reports provider failures', async () => {
    const provider = new ScriptedProvider([
      [
        {
          type: 'end',
          stopReason: 'error',
          error: { kind: 'rate_limit', message: 'Rate limited: try again in a minute.' },
        },
      ],
    ]);
    const short: Message[] = [
      { role: 'user', text: 'hi' },
      { role: 'assistant', text: 'hello', toolCalls: [] },
    ];
    const signal = new AbortController().signal;
    expect(await compactHistory({ provider, messages: short, signal })).toEqual({
      ok: false,
      reason: 'nothing to compact yet',
    });
    expect(await compactHistory({ provider, messages: conversation(), signal })).toEqual({
      ok: false,
      reason: 'compaction failed: Rate limited: try again in a minute.',
    });
  });
});
