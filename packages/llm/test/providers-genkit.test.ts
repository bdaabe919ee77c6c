import { startGenkitServer } from '@agent/testkit';
import { create } from '../src/providers/genkit';
import {
  assistantFrom,
  closedAfterEach,
  collect,
  endOf,
  READ_ARGS,
  READ_OUTPUT,
  request,
  SEARCH_ARGS,
  SEARCH_OUTPUT,
  textOf,
  USER,
} from './support/provider-fixtures';
import { describeAdapterScenarios, type ScenarioAdapter } from './support/provider-scenarios';

const closeAfter = closedAfterEach();

function provider(url: string, maxRetries = 0, apiKey = 'gemini-test-key') {
  return create({ model: 'gemini-test', baseUrl: url, apiKey, maxRetries });
}

describe('genkit adapter (Gemini plugin) against the Gemini fake', () => {
  const adapter: ScenarioAdapter = {
    start: startGenkitServer,
    provider: (url, maxRetries) => provider(url, maxRetries),
    ids: ['fc_read', 'fc_search'],
    inputTokens: [120, 200],
    reportedInputTokens: 120,
    checkFollowUp: (server) => {
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
    },
  };
  describeAdapterScenarios(adapter, {
    hang: {
      text: ['never ', 'finishes'],
      fault: { kind: 'hang', afterEvents: 1 },
    },
    faults: {
      retried429: { times: 2, message: 'Resource has been exhausted (e.g. check quota).' },
      serverError: {
        message: 'An internal error has occurred.',
        shows: 'An internal error has occurred.',
      },
      rejectedKey: {
        status: 400,
        message: 'API key not valid. Please pass a valid API key.',
        names: ['GEMINI_API_KEY', 'API key not valid'],
      },
    },
  });

  test('calls without ids get unique generated ids that pair their results on the next request', async () => {
    const server = closeAfter(
      await startGenkitServer([
        {
          toolCalls: [
            { name: 'read_file', arguments: { path: 'a' } },
            { name: 'read_file', arguments: { path: 'b' } },
          ],
        },
        { text: 'ok' },
      ]),
    );
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

  test('a stream cut after the first chunk ends as stream_cut after the text so far', async () => {
    const server = closeAfter(
      await startGenkitServer([
        {
          text: ['first ', 'second'],
          toolCalls: [{ name: 'read_file', arguments: READ_ARGS }],
          fault: { kind: 'cut', afterEvents: 1 },
        },
      ]),
    );
    const events = await collect(provider(server.url), request([USER]));
    expect(textOf(events)).toBe('first ');
    expect(events.some((e) => e.type === 'tool_call_end')).toBe(false);
    expect(endOf(events).error?.kind).toBe('stream_cut');
  });

  test('429 without retries left says the person is rate limited', async () => {
    const server = closeAfter(
      await startGenkitServer([
        {
          text: 'x',
          fault: { kind: 'status', status: 429, message: 'Resource has been exhausted' },
        },
      ]),
    );
    const end = endOf(await collect(provider(server.url), request([USER])));
    expect(end.error?.kind).toBe('rate_limit');
    expect(end.error?.message).toContain('Resource has been exhausted');
  });

  test('no key at all ends at once naming GEMINI_API_KEY, without a request', async () => {
    const server = closeAfter(await startGenkitServer([{ text: 'x' }]));
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
});
