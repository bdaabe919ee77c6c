import {
  buildRequest,
  checkpointText,
  compactHistory,
  contextBreakdown,
  type Message,
  type ToolActivity,
} from '../src';
import { ToolRegistry } from '@agent/tools';
import { ScriptedProvider, reply } from '../src/testing';

function ask(id: string, question: string, options: string[], output: string): ToolActivity {
  return {
    id,
    name: 'ask_user',
    input: { questions: [{ question, options }] },
    status: 'ok',
    summary: '1 answer',
    retainedOutput: output,
    retainedDetails: { custom: [false] },
  };
}

const first = ask(
  'a1',
  'Which database?',
  ['PostgreSQL', 'SQLite'],
  '{"answers":["PostgreSQL"],"cancelled":false}',
);
const second = ask(
  'a2',
  'Which API style?',
  ['REST', 'gRPC'],
  '{"answers":["gRPC over pipes"],"cancelled":false}',
);

function conversation(): Message[] {
  return [
    { role: 'user', text: 'set up the service' },
    { role: 'assistant', text: '', toolCalls: [first] },
    { role: 'assistant', text: 'Using PostgreSQL.', toolCalls: [] },
    { role: 'user', text: 'and the API' },
    { role: 'assistant', text: '', toolCalls: [second] },
    { role: 'assistant', text: 'gRPC it is.', toolCalls: [] },
  ];
}

async function compact(messages: Message[], summary: string) {
  const result = await compactHistory({
    provider: new ScriptedProvider([reply(summary)]),
    messages,
    signal: new AbortController().signal,
    keepRecent: 0,
  });
  if (!result.ok) throw new Error(result.reason);
  return result;
}

describe('the decision ledger', () => {
  it('a checkpoint keeps every answered questionnaire verbatim beside the summary', async () => {
    const result = await compact(conversation(), 'The person is building a service.');
    expect(result.checkpoint.decisions).toEqual([
      {
        id: 'a1',
        name: 'ask_user',
        input: first.input,
        status: 'ok',
        output: first.retainedOutput,
        details: { custom: [false] },
      },
      {
        id: 'a2',
        name: 'ask_user',
        input: second.input,
        status: 'ok',
        output: second.retainedOutput,
        details: { custom: [false] },
      },
    ]);
    const request = buildRequest({
      provider: new ScriptedProvider([]),
      registry: new ToolRegistry([]),
      system: '',
      messages: [...result.messages, { role: 'user', text: 'next' }],
    });
    expect(request.messages[0]!.role).toBe('checkpoint');
    const text = checkpointText(request.messages[0] as never);
    expect(text).toContain('The person is building a service.');
    expect(text).toContain(`result: ${first.retainedOutput}`);
    expect(text).toContain(`result: ${second.retainedOutput}`);
    expect(text).toContain(JSON.stringify(first.input));
    expect(text).toContain(JSON.stringify(second.input));
  });

  it('a second compaction carries the first checkpoint ledger forward', async () => {
    const once = await compact(conversation(), 'first summary');
    const later: Message[] = [
      ...once.messages,
      { role: 'user', text: 'more' },
      { role: 'assistant', text: 'done', toolCalls: [] },
    ];
    const twice = await compact(later, 'second summary');
    expect(twice.checkpoint.decisions?.map((d) => d.id)).toEqual(['a1', 'a2']);
    expect(checkpointText(twice.checkpoint)).toContain(second.retainedOutput);
  });

  it('an amendment (/amend) follows its call in the ledger, the original result unchanged, and survives a second compaction', async () => {
    const amended = '{"answers":["SQLite"],"cancelled":false}';
    const messages: Message[] = [
      ...conversation(),
      { role: 'user', text: 'I changed my answer', amends: { callId: 'a1', output: amended } },
      { role: 'assistant', text: 'SQLite then.', toolCalls: [] },
    ];
    const once = await compact(messages, 'summary');
    expect(once.checkpoint.decisions?.[0]).toMatchObject({ output: first.retainedOutput, amended });
    const text = checkpointText(once.checkpoint);
    expect(text).toContain(
      `result: ${first.retainedOutput}\namended by the person afterwards: ${amended}`,
    );
    const twice = await compact(
      [
        ...once.messages,
        { role: 'user', text: 'more' },
        { role: 'assistant', text: 'ok', toolCalls: [] },
      ],
      'second summary',
    );
    expect(twice.checkpoint.decisions?.[0]?.amended).toBe(amended);
  });

  it('a checkpoint without retained calls reads as before', async () => {
    const result = await compact(
      [
        { role: 'user', text: 'hi' },
        { role: 'assistant', text: 'hello', toolCalls: [] },
      ],
      'greetings',
    );
    expect(result.checkpoint.decisions).toBeUndefined();
    expect(checkpointText(result.checkpoint)).toBe(
      'Summary of the earlier conversation (older messages were compacted):\n\ngreetings',
    );
  });

  it('context accounting counts the ledger and retained outputs', () => {
    const bare = contextBreakdown({
      system: '',
      tools: [],
      messages: [{ role: 'checkpoint', summary: 's' }],
    });
    const withLedger = contextBreakdown({
      system: '',
      tools: [],
      messages: [
        {
          role: 'checkpoint',
          summary: 's',
          decisions: [
            {
              id: 'a1',
              name: 'ask_user',
              input: first.input,
              status: 'ok',
              output: 'x'.repeat(4000),
            },
          ],
        },
      ],
    });
    expect(withLedger.history - bare.history).toBeGreaterThan(900);

    const dropped: ToolActivity = { ...first, retainedOutput: 'y'.repeat(4000) };
    delete dropped.output;
    const counted = contextBreakdown({
      system: '',
      tools: [],
      messages: [{ role: 'assistant', text: '', toolCalls: [dropped] }],
    });
    const statusOnly = contextBreakdown({
      system: '',
      tools: [],
      messages: [
        { role: 'assistant', text: '', toolCalls: [{ ...dropped, retainedOutput: undefined }] },
      ],
    });
    expect(counted.toolResults - statusOnly.toolResults).toBeGreaterThan(900);
  });
});
