import {
  anthropicErrorEvent,
  anthropicEvents,
  startAnthropicServer,
  startFakeServer,
} from '@agent/testkit';
import { create } from '../src/providers/anthropic';
import type { Message } from '../src/messages';
import {
  closedAfterEach,
  collect,
  endOf,
  READ_ARGS,
  READ_OUTPUT,
  request,
  runLoop,
  SYSTEM,
  TOOLS,
  SEARCH_ARGS,
  SEARCH_OUTPUT,
  textOf,
  USER,
} from './support/provider-fixtures';
import { describeAdapterScenarios, type ScenarioAdapter } from './support/provider-scenarios';

const closeAfter = closedAfterEach();

function provider(url: string, extra: { apiKey?: string; maxRetries?: number } = {}) {
  return create({
    model: 'claude-test',
    baseUrl: url,
    apiKey: 'sk-ant-test',
    maxRetries: 0,
    ...extra,
  });
}

describe('anthropic adapter against the Messages fake', () => {
  const adapter: ScenarioAdapter = {
    start: startAnthropicServer,
    provider: (url, maxRetries) => provider(url, maxRetries === undefined ? {} : { maxRetries }),
    ids: ['toolu_01A', 'toolu_01B'],
    inputTokens: [120, 200],
    reportedInputTokens: 220,
    checkFirstTurn: (events) =>
      expect(events.filter((e) => e.type === 'tool_call_delta').length).toBeGreaterThanOrEqual(8),
    checkFollowUp: (server) => {
      const body = server.requests[1]!.body;
      expect(body).toEqual({
        model: 'claude-test',
        max_tokens: expect.any(Number),
        system: SYSTEM,
        stream: true,
        tools: TOOLS.map((t) => ({
          name: t.name,
          description: t.description,
          input_schema: t.parameters,
        })),
        messages: [
          { role: 'user', content: [{ type: 'text', text: 'Look at the docs please' }] },
          {
            role: 'assistant',
            content: [
              { type: 'text', text: 'Let me check — ünïcode ✓.' },
              { type: 'tool_use', id: 'toolu_01A', name: 'read_file', input: READ_ARGS },
              { type: 'tool_use', id: 'toolu_01B', name: 'search', input: SEARCH_ARGS },
            ],
          },
          {
            role: 'user',
            content: [
              { type: 'tool_result', tool_use_id: 'toolu_01A', content: READ_OUTPUT },
              { type: 'tool_result', tool_use_id: 'toolu_01B', content: SEARCH_OUTPUT },
            ],
          },
        ],
      });
      const auth =
        server.requests[1]!.headers['authorization'] ?? server.requests[1]!.headers['x-api-key'];
      expect(String(auth)).toContain('sk-ant-test');
    },
  };
  describeAdapterScenarios(adapter, {
    hang: {
      text: 'never finishes',
      fault: { kind: 'hang', afterEvents: 4 },
    },
    faults: {
      retried429: {
        times: 1,
        message: 'Number of request tokens has exceeded your per-minute rate limit',
      },
      serverError: {
        message: 'Internal server error',
        shows: 'Internal server error',
        status: 500,
      },
      rejectedKey: {
        status: 401,
        message: 'invalid x-api-key',
        names: ['ANTHROPIC_API_KEY', 'invalid x-api-key'],
      },
    },
  });

  test('history rebuild merges same-role turns, never sends blank text, pairs interrupted calls', async () => {
    const server = closeAfter(await startAnthropicServer([{ text: 'ok' }]));
    const history: Message[] = [
      { role: 'checkpoint', summary: 'We fixed the build.' },
      { role: 'user', text: 'first' },
      {
        role: 'assistant',
        text: '  ',
        toolCalls: [
          {
            id: 'call.with:odd/chars',
            name: 'read_file',
            input: '{"path": "a',
            status: 'pending',
            summary: '',
          },
        ],
      },
      { role: 'user', text: 'never mind' },
    ];
    const events = await collect(provider(server.url), request(history));
    expect(endOf(events).stopReason).toBe('stop');
    expect(server.requests[0]!.body.messages).toEqual([
      {
        role: 'user',
        content: [
          {
            type: 'text',
            text: 'Summary of the earlier conversation (older messages were compacted):\n\nWe fixed the build.',
          },
          { type: 'text', text: 'first' },
        ],
      },
      {
        role: 'assistant',
        content: [{ type: 'tool_use', id: 'call_with_odd_chars', name: 'read_file', input: {} }],
      },
      {
        role: 'user',
        content: [
          {
            type: 'tool_result',
            tool_use_id: 'call_with_odd_chars',
            content: 'interrupted: the turn ended before this call finished',
            is_error: true,
          },
          { type: 'text', text: 'never mind' },
        ],
      },
    ]);
  });

  test('malformed tool arguments arrive verbatim and the call still ends paired', async () => {
    const server = closeAfter(
      await startAnthropicServer([
        {
          toolCalls: [{ id: 'toolu_bad', name: 'read_file', arguments: '{"path": "unterminated' }],
        },
        {
          toolCalls: [{ id: 'toolu_bad', name: 'read_file', arguments: '{"path": "unterminated' }],
        },
        { text: 'sorry' },
      ]),
    );
    const anthropic = provider(server.url);
    const first = await collect(anthropic, request([USER]));
    expect(first.find((e) => e.type === 'tool_call_end')).toEqual({
      type: 'tool_call_end',
      id: 'toolu_bad',
      name: 'read_file',
      arguments: '{"path": "unterminated',
    });
    const { result } = await runLoop(anthropic, [USER]);
    expect(result.reason).toBe('done');
    expect(result.messages.at(-1)!.text).toBe('sorry');
    const [, asst, results] = server.requests[2]!.body.messages;
    expect(asst.content).toEqual([
      { type: 'tool_use', id: 'toolu_bad', name: 'read_file', input: {} },
    ]);
    expect(results.content).toEqual([
      {
        type: 'tool_result',
        tool_use_id: 'toolu_bad',
        content: expect.stringMatching(/\S/),
        is_error: true,
      },
    ]);
  });

  test('a stream cut mid-call ends with stream_cut and never completes the half call', async () => {
    const server = closeAfter(
      await startAnthropicServer([
        {
          text: 'Let me look',
          toolCalls: [{ id: 'toolu_cut', name: 'read_file', arguments: READ_ARGS }],
          fault: { kind: 'cut', afterEvents: 7 },
        },
      ]),
    );
    const events = await collect(provider(server.url), request([USER]));
    const end = endOf(events);
    expect(end.stopReason).toBe('error');
    expect(end.error?.kind).toBe('stream_cut');
    expect(events.some((e) => e.type === 'tool_call_start')).toBe(true);
    expect(events.some((e) => e.type === 'tool_call_end')).toBe(false);
  });

  test('429 without retries left tells the person they are rate limited', async () => {
    const server = closeAfter(
      await startAnthropicServer([{ text: 'x', fault: { kind: 'status', status: 429, times: 5 } }]),
    );
    const end = endOf(await collect(provider(server.url), request([USER])));
    expect(end.error).toMatchObject({ kind: 'rate_limit', status: 429 });
  });

  test('an overloaded_error event mid-stream ends as a server error after the text so far', async () => {
    const server = closeAfter(
      await startFakeServer(
        {
          handles: () => true,
          contentType: 'text/event-stream',
          encode: (turn, _req, i) => [
            ...anthropicEvents(turn, i).slice(0, 4),
            anthropicErrorEvent(),
          ],
          errorBody: () => '{}',
        },
        [{ text: ['partial ', 'text'] }],
      ),
    );
    const events = await collect(provider(server.url), request([USER]));
    expect(textOf(events)).toBe('partial ');
    expect(endOf(events).error?.kind).toBe('server');
  });

  test('no key at all ends at once with the variable to set, without a request', async () => {
    const server = closeAfter(await startAnthropicServer([{ text: 'x' }]));
    const saved = process.env.ANTHROPIC_API_KEY;
    const savedToken = process.env.ANTHROPIC_AUTH_TOKEN;
    delete process.env.ANTHROPIC_API_KEY;
    delete process.env.ANTHROPIC_AUTH_TOKEN;
    try {
      const events = await collect(
        create({ model: 'm', baseUrl: server.url, maxRetries: 0 }),
        request([USER]),
      );
      expect(endOf(events).error?.message).toMatch(/ANTHROPIC_API_KEY is not set/);
      expect(server.requests).toHaveLength(0);
    } finally {
      if (saved !== undefined) process.env.ANTHROPIC_API_KEY = saved;
      if (savedToken !== undefined) process.env.ANTHROPIC_AUTH_TOKEN = savedToken;
    }
  });

  test('a call without arguments (empty input_json_delta) ends with {} and runs', async () => {
    const server = closeAfter(
      await startAnthropicServer([
        { toolCalls: [{ id: 'toolu_noargs', name: 'read_file', arguments: '' }] },
      ]),
    );
    const claude3 = create({
      model: 'claude-3-haiku-20240307',
      baseUrl: server.url,
      apiKey: 'k',
      maxRetries: 0,
    });
    const events = await collect(claude3, request([USER]));
    expect(events.find((e) => e.type === 'tool_call_end')).toEqual({
      type: 'tool_call_end',
      id: 'toolu_noargs',
      name: 'read_file',
      arguments: '{}',
    });
    expect(server.requests[0]!.body.max_tokens).toBe(4096);
  });
});
