import { startOpenAIChatServer, type FakeServer } from '@agent/testkit';
import { compactHistory, countTokens, type Message } from '../src';
import { create } from '../src/providers/openai-chat';

// A history many times the window is summarised in requests that each fit it (issue 27).

const WINDOW = 3000;
const RETAINED = '{"answers":["PostgreSQL"],"cancelled":false}';
let server: FakeServer | undefined;

afterEach(async () => {
  await server?.close();
  server = undefined;
});

function longHistory(turns: number): Message[] {
  const messages: Message[] = [
    { role: 'user', text: 'set up the service' },
    {
      role: 'assistant',
      text: '',
      toolCalls: [
        {
          id: 'ask1',
          name: 'ask_user',
          input: {
            questions: [{ question: 'Which database?', options: ['PostgreSQL', 'SQLite'] }],
          },
          status: 'ok',
          summary: 'answered 1 of 1',
          retainedOutput: RETAINED,
        },
      ],
    },
  ];
  for (let turn = 0; turn < turns; turn++) {
    messages.push({
      role: 'user',
      text: `Step ${turn}: ${'please change the parser so that '.repeat(12)}`,
    });
    messages.push({
      role: 'assistant',
      text: `Done with step ${turn}. ${'I edited the file and ran the tests again. '.repeat(10)}`,
      toolCalls: [],
    });
  }
  messages.push({ role: 'user', text: 'a one-off paste: ' + 'x'.repeat(WINDOW * 8) });
  return messages;
}

describe('compacting a history larger than the window', () => {
  it('summarises in window-sized pieces, each carrying the summary so far', async () => {
    const replies = Array.from({ length: 40 }, (_, index) => ({ text: `summary ${index + 1}` }));
    server = await startOpenAIChatServer(replies);
    const provider = create({
      model: 'gpt-test',
      baseUrl: `${server.url}/v1`,
      apiKey: 'sk-test',
      maxRetries: 0,
    });
    const messages = longHistory(60);
    const historyTokens = countTokens(JSON.stringify(messages), 'openai');
    expect(historyTokens).toBeGreaterThan(WINDOW * 5);
    const result = await compactHistory({
      provider,
      messages,
      signal: new AbortController().signal,
      keepRecent: 0,
      contextWindow: WINDOW,
    });
    if (!result.ok) throw new Error(result.reason);
    const requests = server.requests.filter((request) =>
      request.path.endsWith('/chat/completions'),
    );
    expect(requests.length).toBeGreaterThan(5);
    for (const request of requests) {
      expect(countTokens(JSON.stringify(request.body.messages), 'openai')).toBeLessThanOrEqual(
        WINDOW,
      );
    }
    requests.slice(1).forEach((request, index) => {
      expect(JSON.stringify(request.body.messages)).toContain(`summary ${index + 1}`);
    });
    expect(result.checkpoint.summary).toBe(`summary ${requests.length}`);
    expect(result.checkpoint.decisions?.map((call) => call.output)).toEqual([RETAINED]);
    expect(result.summarized).toBe(messages.length);
  });
});
