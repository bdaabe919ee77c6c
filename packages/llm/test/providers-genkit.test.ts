import { startGenkitServer, type FakeServer } from '@agent/testkit';
import { create } from '../src/providers/genkit';
import {
  assistantFrom,
  closedUrl,
  collect,
  endOf,
  READ_ARGS,
  READ_OUTPUT,
  request,
  runLoop,
  SEARCH_ARGS,
  SEARCH_OUTPUT,
  textOf,
  twoTurnScript,
  USER,
  waitFor,
} from './support/provider-fixtures';

let server: FakeServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

function provider(url: string, maxRetries = 0, apiKey = 'gemini-test-key') {
  return create({ model: 'gemini-test', baseUrl: url, apiKey, maxRetries });
}

describe('genkit adapter (Gemini plugin) against the Gemini fake', () => {
  test('streams text as it arrives; calls streamed via partialArgs end once each, whole', async () => {
    server = await startGenkitServer(twoTurnScript(['fc_read', 'fc_search'], [120, 200]));
    const first = await collect(provider(server.url), request([USER]));
    expect(first.filter((e) => e.type === 'text_delta').length).toBe(3);
    expect(textOf(first)).toBe('Let me check — ünïcode ✓.');
    expect(first.filter((e) => e.type === 'tool_call_end')).toEqual([
      {
        type: 'tool_call_end',
        id: 'fc_read',
        name: 'read_file',
        arguments: JSON.stringify(READ_ARGS),
      },
      {
        type: 'tool_call_end',
        id: 'fc_search',
        name: 'search',
        arguments: JSON.stringify(SEARCH_ARGS),
      },
    ]);
    expect(first).toContainEqual({
      type: 'usage',
      usage: { inputTokens: 120, outputTokens: 40, cachedTokens: 100 },
    });
    expect(endOf(first)).toEqual({ type: 'end', stopReason: 'tool_use' });
  });

  test('two-turn conversation through the tool loop sends the exact paired follow-up request', async () => {
    server = await startGenkitServer(twoTurnScript(['fc_read', 'fc_search'], [120, 200]));
    const { result } = await runLoop(provider(server.url), [USER]);
    expect(result.reason).toBe('done');
    expect(result.messages.map((m) => m.text)).toEqual([
      'Let me check — ünïcode ✓.',
      'Both done: the file says héllo.',
    ]);
    expect(result.messages[0]!.toolCalls.map((c) => [c.id, c.status])).toEqual([
      ['fc_read', 'ok'],
      ['fc_search', 'ok'],
    ]);
    expect(server.requests).toHaveLength(2);
    const sent = server.requests[1]!;
    expect(sent.path).toBe('/v1beta/models/gemini-test:streamGenerateContent?alt=sse');
    expect(sent.headers['x-goog-api-key']).toBe('gemini-test-key');
    expect(sent.body.systemInstruction.parts).toEqual([{ text: 'You are terse.' }]);
    const declared = sent.body.tools[0].functionDeclarations;
    expect(declared.map((d: { name: string }) => d.name)).toEqual(['read_file', 'search']);
    expect(sent.body.contents).toEqual([
      { role: 'user', parts: [{ text: 'Look at the docs please' }] },
      {
        role: 'model',
        parts: [
          { text: 'Let me check — ünïcode ✓.' },
          { functionCall: { name: 'read_file', args: READ_ARGS, id: 'fc_read' } },
          { functionCall: { name: 'search', args: SEARCH_ARGS, id: 'fc_search' } },
        ],
      },
      {
        role: 'user',
        parts: [
          {
            functionResponse: {
              name: 'read_file',
              id: 'fc_read',
              response: { name: 'read_file', content: READ_OUTPUT },
            },
          },
          {
            functionResponse: {
              name: 'search',
              id: 'fc_search',
              response: { name: 'search', content: SEARCH_OUTPUT },
            },
          },
        ],
      },
    ]);
  });

  test('calls without ids get unique generated ids that pair their results on the next request', async () => {
    server = await startGenkitServer([
      {
        toolCalls: [
          { name: 'read_file', arguments: { path: 'a' } },
          { name: 'read_file', arguments: { path: 'b' } },
        ],
      },
      { text: 'ok' },
    ]);
    const gk = provider(server.url);
    const first = await collect(gk, request([USER]));
    const ids = first.flatMap((e) => (e.type === 'tool_call_end' ? [e.id] : []));
    expect(ids).toHaveLength(2);
    expect(new Set(ids).size).toBe(2);
    await collect(gk, request([USER, assistantFrom(first, { read_file: 'contents' })]));
    const [, model, fn] = server.requests[1]!.body.contents;
    expect(model.parts.map((p: any) => p.functionCall.id)).toEqual(ids);
    expect(fn.parts.map((p: any) => p.functionResponse.id)).toEqual(ids);
  });

  test('a hung stream ends promptly as aborted when the person interrupts', async () => {
    server = await startGenkitServer([
      { text: ['never ', 'finishes'], fault: { kind: 'hang', afterEvents: 1 } },
    ]);
    const controller = new AbortController();
    const done = collect(provider(server.url), request([USER]), controller.signal);
    await waitFor(() => server!.requests.length === 1);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const started = Date.now();
    controller.abort();
    const events = await done;
    expect(Date.now() - started).toBeLessThan(3000);
    expect(endOf(events)).toEqual({ type: 'end', stopReason: 'aborted' });
    await waitFor(() => server!.openResponses() === 0, 5000);
  });

  test('a stream cut after the first chunk ends as stream_cut after the text so far', async () => {
    server = await startGenkitServer([
      {
        text: ['first ', 'second'],
        toolCalls: [{ name: 'read_file', arguments: READ_ARGS }],
        fault: { kind: 'cut', afterEvents: 1 },
      },
    ]);
    const events = await collect(provider(server.url), request([USER]));
    expect(textOf(events)).toBe('first ');
    expect(events.some((e) => e.type === 'tool_call_end')).toBe(false);
    expect(endOf(events).error?.kind).toBe('stream_cut');
  });

  test('429 RESOURCE_EXHAUSTED is retried and the turn then succeeds', async () => {
    server = await startGenkitServer([
      {
        text: 'after the wait',
        fault: {
          kind: 'status',
          status: 429,
          times: 2,
          message: 'Resource has been exhausted (e.g. check quota).',
        },
      },
    ]);
    const events = await collect(provider(server.url, 2), request([USER]));
    expect(textOf(events)).toBe('after the wait');
    expect(endOf(events).stopReason).toBe('stop');
    expect(server.requests).toHaveLength(3);
  });

  test('429 without retries left says the person is rate limited', async () => {
    server = await startGenkitServer([
      { text: 'x', fault: { kind: 'status', status: 429, message: 'Resource has been exhausted' } },
    ]);
    const end = endOf(await collect(provider(server.url), request([USER])));
    expect(end.error?.kind).toBe('rate_limit');
    expect(end.error?.message).toContain('Resource has been exhausted');
  });

  test('500 ends with a server error naming the service message', async () => {
    server = await startGenkitServer([
      {
        text: 'x',
        fault: { kind: 'status', status: 500, message: 'An internal error has occurred.' },
      },
    ]);
    const end = endOf(await collect(provider(server.url), request([USER])));
    expect(end.error?.kind).toBe('server');
    expect(end.error?.message).toContain('An internal error has occurred.');
  });

  test('a rejected key tells the person to set GEMINI_API_KEY', async () => {
    server = await startGenkitServer([
      {
        text: 'x',
        fault: {
          kind: 'status',
          status: 400,
          message: 'API key not valid. Please pass a valid API key.',
        },
      },
    ]);
    const end = endOf(await collect(provider(server.url), request([USER])));
    expect(end.error?.kind).toBe('auth');
    expect(end.error?.message).toContain('GEMINI_API_KEY');
    expect(end.error?.message).toContain('API key not valid');
  });

  test('no key at all ends at once naming GEMINI_API_KEY, without a request', async () => {
    server = await startGenkitServer([{ text: 'x' }]);
    const saved = { ...process.env };
    delete process.env.GEMINI_API_KEY;
    delete process.env.GOOGLE_API_KEY;
    delete process.env.GOOGLE_GENAI_API_KEY;
    try {
      const events = await collect(
        create({ model: 'gemini-test', baseUrl: server.url }),
        request([USER]),
      );
      expect(endOf(events).error?.message).toMatch(/GEMINI_API_KEY is not set/);
      expect(server.requests).toHaveLength(0);
    } finally {
      process.env = saved;
    }
  });

  test('an endpoint nobody listens on ends with a network error naming the URL to check', async () => {
    const url = await closedUrl();
    const end = endOf(await collect(provider(url), request([USER])));
    expect(end.error?.kind).toBe('network');
    expect(end.error?.message).toContain(url);
    expect(end.error?.message).toContain('--base-url');
  });

  test('a response cut off by the output limit ends with stopReason length', async () => {
    server = await startGenkitServer([{ text: 'half an ans', stopReason: 'length' }]);
    const events = await collect(provider(server.url), request([USER]));
    expect(textOf(events)).toBe('half an ans');
    expect(endOf(events)).toEqual({ type: 'end', stopReason: 'length' });
  });
});
