import {
  startFakeServer,
  startOpenAIChatServer,
  startOpenAIResponsesServer,
  type FakeServer,
  type WireProtocol,
} from '@agent/testkit';
import { create } from '../../src/providers/openai-chat';
import { create as createResponses } from '../../src/providers/openai-responses';
import {
  callsOf,
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
import { describeTwoTurnScenario } from '../support/provider-scenarios';

let servers: FakeServer[] = [];
afterEach(async () => {
  await Promise.all(servers.map((s) => s.close()));
  servers = [];
});

async function chatServer(
  script: Parameters<typeof startOpenAIChatServer>[0],
): Promise<FakeServer> {
  const server = await startOpenAIChatServer(script);
  servers.push(server);
  return server;
}

function provider(url: string) {
  return create({
    model: 'gpt-test',
    baseUrl: `${url}/v1`,
    apiKey: 'sk-test',
    maxRetries: 0,
  });
}

describe('openai-chat adapter against the Chat Completions fake', () => {
  describeTwoTurnScenario({
    start: startOpenAIChatServer,
    provider: (url) => provider(url),
    ids: ['call_A', 'call_B'],
    reportedInputTokens: 220,
    checkFirstTurn: (events) => {
      expect(events.filter((e) => e.type === 'tool_call_start')).toEqual([
        { type: 'tool_call_start', id: 'call_A', name: 'read_file' },
        { type: 'tool_call_start', id: 'call_B', name: 'search' },
      ]);
      expect(events.filter((e) => e.type === 'tool_call_delta')).toHaveLength(10);
    },
    checkFollowUp: (server) => {
      expect(server.requests[1]!.headers.authorization).toBe('Bearer sk-test');
      expect(server.requests[1]!.body).toEqual({
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
    },
  });

  test('a conversation started on openai-chat continues on openai-responses', async () => {
    const chat = await chatServer(twoTurnScript());
    const { result } = await runLoop(provider(chat.url), [USER]);
    const history = [USER, ...result.messages, { role: 'user' as const, text: 'And now?' }];

    const responses = await startOpenAIResponsesServer([{ text: 'Still fine.' }]);
    servers.push(responses);
    const next = createResponses({
      model: 'gpt-test',
      baseUrl: `${responses.url}/v1`,
      apiKey: 'sk-test',
      maxRetries: 0,
    });
    const continued = await runLoop(next, history);
    expect(continued.result.reason).toBe('done');
    expect(continued.result.messages[0]!.text).toBe('Still fine.');
    expect(responses.requests[0]!.body.input).toEqual([
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
      { type: 'message', role: 'assistant', content: FINAL_TEXT },
      { type: 'message', role: 'user', content: 'And now?' },
    ]);
  });

  test('a lax compatible server: whole calls without index, finish "stop", no usage, no [DONE]', async () => {
    const chunk = (delta: object, finish: string | null = null) =>
      `data: ${JSON.stringify({ choices: [{ delta, finish_reason: finish }] })}\n\n`;
    const lax: WireProtocol = {
      handles: (method, path) => method === 'POST' && path === '/v1/chat/completions',
      contentType: 'text/event-stream',
      errorBody: (_status, message) => JSON.stringify({ error: { message } }),
      encode: () => [
        chunk({ content: 'Two calls.' }),
        chunk({
          tool_calls: [{ id: 'c1', function: { name: 'read_file', arguments: '{"path":"a"}' } }],
        }),
        chunk({
          tool_calls: [{ id: 'c2', function: { name: 'search', arguments: '{"query":"b"}' } }],
        }),
        chunk({}, 'stop'),
      ],
    };
    const server = await startFakeServer(lax, [{}]);
    servers.push(server);
    const events = await collect(provider(server.url), request([USER]));
    expect(textOf(events)).toBe('Two calls.');
    expect(callsOf(events)).toEqual([
      { type: 'tool_call_end', id: 'c1', name: 'read_file', arguments: '{"path":"a"}' },
      { type: 'tool_call_end', id: 'c2', name: 'search', arguments: '{"query":"b"}' },
    ]);
    expect(endOf(events)).toEqual({ type: 'end', stopReason: 'tool_use' });
  });

  test('an error event mid-stream ends with the service error after the text so far', async () => {
    const failing: WireProtocol = {
      handles: (method, path) => method === 'POST' && path === '/v1/chat/completions',
      contentType: 'text/event-stream',
      errorBody: (_status, message) => JSON.stringify({ error: { message } }),
      encode: () => [
        `data: ${JSON.stringify({ choices: [{ index: 0, delta: { content: 'Half' }, finish_reason: null }] })}\n\n`,
        `data: ${JSON.stringify({ error: { message: 'The model is overloaded', type: 'server_error', code: null } })}\n\n`,
      ],
    };
    const server = await startFakeServer(failing, [{}]);
    servers.push(server);
    const events = await collect(provider(server.url), request([USER]));
    expect(textOf(events)).toBe('Half');
    const end = endOf(events);
    expect(end).toMatchObject({ stopReason: 'error', error: { kind: 'server' } });
    expect(end.error?.message).toContain('The model is overloaded');
  });
});
