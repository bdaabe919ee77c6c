import { startOpenAIChatServer, type FakeServer } from '@agent/testkit';
import { create } from '../../src/providers/openai-chat';
import {
  assistantFrom,
  callsOf,
  collect,
  endOf,
  FINAL_TEXT,
  FIRST_TEXT,
  READ_ARGS,
  READ_OUTPUT,
  request,
  SEARCH_ARGS,
  SEARCH_OUTPUT,
  SYSTEM,
  textOf,
  TOOLS,
  twoTurnScript,
  USER,
} from './fixtures';

let server: FakeServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe('openai-chat adapter against the Chat Completions fake', () => {
  test('two-turn tool conversation: streamed text, fragmented calls, exact follow-up request', async () => {
    server = await startOpenAIChatServer(twoTurnScript());
    const provider = create({
      model: 'gpt-test',
      baseUrl: `${server.url}/v1`,
      apiKey: 'sk-test',
      maxRetries: 0,
    });

    const first = await collect(provider, request([USER]));
    expect(textOf(first)).toBe(FIRST_TEXT);
    expect(callsOf(first)).toEqual([
      {
        type: 'tool_call_end',
        id: 'call_A',
        name: 'read_file',
        arguments: JSON.stringify(READ_ARGS),
      },
      {
        type: 'tool_call_end',
        id: 'call_B',
        name: 'search',
        arguments: JSON.stringify(SEARCH_ARGS),
      },
    ]);
    expect(first.filter((e) => e.type === 'tool_call_delta')).toHaveLength(10);
    expect(first).toContainEqual({
      type: 'usage',
      usage: { inputTokens: 220, outputTokens: 40, cachedTokens: 100 },
    });
    expect(endOf(first)).toEqual({ type: 'end', stopReason: 'tool_use' });

    const assistant = assistantFrom(first, { read_file: READ_OUTPUT, search: SEARCH_OUTPUT });
    const second = await collect(provider, request([USER, assistant]));
    expect(textOf(second)).toBe(FINAL_TEXT);
    expect(endOf(second)).toEqual({ type: 'end', stopReason: 'stop' });

    const body = server.requests[1]!.body;
    expect(server.requests[1]!.headers.authorization).toBe('Bearer sk-test');
    expect(body).toEqual({
      model: 'gpt-test',
      stream: true,
      stream_options: { include_usage: true },
      tools: TOOLS.map((t) => ({
        type: 'function',
        function: { name: t.name, description: t.description, parameters: t.parameters },
      })),
      messages: [
        { role: 'system', content: SYSTEM },
        { role: 'user', content: 'Look at the docs please' },
        {
          role: 'assistant',
          content: FIRST_TEXT,
          tool_calls: [
            {
              id: 'call_A',
              type: 'function',
              function: { name: 'read_file', arguments: JSON.stringify(READ_ARGS) },
            },
            {
              id: 'call_B',
              type: 'function',
              function: { name: 'search', arguments: JSON.stringify(SEARCH_ARGS) },
            },
          ],
        },
        { role: 'tool', tool_call_id: 'call_A', content: READ_OUTPUT },
        { role: 'tool', tool_call_id: 'call_B', content: SEARCH_OUTPUT },
      ],
    });
  });
});
