import { startFakeServer, startOpenAIResponsesServer, type WireProtocol } from '@agent/testkit';
import { create } from '../../src/providers/openai-responses';
import {
  callsOf,
  closedAfterEach,
  collect,
  endOf,
  FINAL_TEXT,
  FIRST_TEXT,
  READ_ARGS,
  READ_OUTPUT,
  request,
  runLoop,
  SEARCH_ARGS,
  SEARCH_OUTPUT,
  SYSTEM,
  textOf,
  TOOLS,
  twoTurnScript,
  USER,
} from '../support/provider-fixtures';

const closeAfter = closedAfterEach();

function responsesProvider(url: string) {
  return create({ model: 'gpt-test', baseUrl: `${url}/v1`, apiKey: 'sk-test', maxRetries: 0 });
}

describe('openai-responses adapter against the Responses fake', () => {
  test('streamed text and fragmented calls, then the loop sends the exact stateless replay', async () => {
    const server = closeAfter(
      await startOpenAIResponsesServer([twoTurnScript()[0]!, ...twoTurnScript()]),
    );
    const provider = responsesProvider(server.url);

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

    const { result } = await runLoop(provider, [USER]);
    expect(result.reason).toBe('done');
    expect(result.messages.map((m) => m.text)).toEqual([FIRST_TEXT, FINAL_TEXT]);

    expect(server.requests[2]!.path).toBe('/v1/responses');
    expect(server.requests[2]!.body).toEqual({
      model: 'gpt-test',
      stream: true,
      store: false,
      instructions: SYSTEM,
      tools: TOOLS.map((t) => ({
        type: 'function',
        name: t.name,
        description: t.description,
        parameters: t.parameters,
        strict: false,
      })),
      input: [
        { type: 'message', role: 'user', content: 'Look at the docs please' },
        { type: 'message', role: 'assistant', content: FIRST_TEXT },
        {
          type: 'function_call',
          call_id: 'call_A',
          name: 'read_file',
          arguments: JSON.stringify(READ_ARGS),
        },
        {
          type: 'function_call',
          call_id: 'call_B',
          name: 'search',
          arguments: JSON.stringify(SEARCH_ARGS),
        },
        { type: 'function_call_output', call_id: 'call_A', output: READ_OUTPUT },
        { type: 'function_call_output', call_id: 'call_B', output: SEARCH_OUTPUT },
      ],
    });
  });

  test('a length stop ends with stopReason length', async () => {
    const server = closeAfter(
      await startOpenAIResponsesServer([{ text: 'cut sh', stopReason: 'length' }]),
    );
    const provider = responsesProvider(server.url);
    const events = await collect(provider, request([USER]));
    expect(textOf(events)).toBe('cut sh');
    expect(endOf(events)).toEqual({ type: 'end', stopReason: 'length' });
  });

  test.each([
    [
      'response.failed',
      {
        response: {
          id: 'r',
          status: 'failed',
          output: [],
          error: { code: 'server_error', message: 'The model crashed' },
        },
      },
      'server',
    ],
    [
      'error',
      { code: 'rate_limit_exceeded', message: 'The model crashed', param: null },
      'rate_limit',
    ],
  ])('a %s event after some text ends with that error', async (type, data, kind) => {
    const sse = (t: string, d: object) =>
      `event: ${t}\ndata: ${JSON.stringify({ type: t, sequence_number: 0, ...d })}\n\n`;
    const failing: WireProtocol = {
      handles: (method, path) => method === 'POST' && path === '/v1/responses',
      contentType: 'text/event-stream',
      errorBody: (_status, message) => JSON.stringify({ error: { message } }),
      encode: () => [
        sse('response.created', { response: { id: 'r', status: 'in_progress', output: [] } }),
        sse('response.output_text.delta', {
          item_id: 'm',
          output_index: 0,
          content_index: 0,
          delta: 'Half',
        }),
        sse(type, data),
      ],
    };
    const server = closeAfter(await startFakeServer(failing, [{}]));
    const provider = responsesProvider(server.url);
    const events = await collect(provider, request([USER]));
    expect(textOf(events)).toBe('Half');
    const end = endOf(events);
    expect(end).toMatchObject({ stopReason: 'error', error: { kind } });
    expect(end.error?.message).toContain('The model crashed');
  });
});
