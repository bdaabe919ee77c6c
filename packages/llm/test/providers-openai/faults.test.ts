import {
  startOpenAIChatServer,
  startOpenAIResponsesServer,
  type FakeServer,
  type ScriptedTurn,
} from '@agent/testkit';
import type { Provider, ProviderOptions } from '../../src/provider';
import { create as createChat } from '../../src/providers/openai-chat';
import { create as createResponses } from '../../src/providers/openai-responses';
import { create as createText } from '../../src/providers/text';
import {
  callsOf,
  closedAfterEach,
  closedUrl,
  collect,
  endOf,
  FIRST_TEXT,
  request,
  runLoop,
  textOf,
  twoTurnScript,
  USER,
  waitFor,
} from '../support/provider-fixtures';

const MALFORMED = '{"path": "docs/a.md", "lines": [1, 2}';

interface Variant {
  name: string;
  create(options: ProviderOptions): Provider;
  start(script: ScriptedTurn[]): Promise<FakeServer>;
  /** A turn calling read_file with `args` verbatim. */
  callTurn(args: string): ScriptedTurn;
  /** Wire events up to and including the first of two text chunks. */
  hangAfterText: number;
  /** A turn with prose and an unfinished call, and the wire event count that cuts inside the call. */
  cutTurn: { turn: ScriptedTurn; afterEvents: number; prose: string };
}

const variants: Variant[] = [
  {
    name: 'openai-chat',
    create: createChat,
    start: startOpenAIChatServer,
    hangAfterText: 2,
    callTurn: (args) => ({ toolCalls: [{ id: 'call_M', name: 'read_file', arguments: args }] }),
    cutTurn: { turn: twoTurnScript()[0]!, afterEvents: 7, prose: FIRST_TEXT },
  },
  {
    name: 'openai-responses',
    create: createResponses,
    start: startOpenAIResponsesServer,
    hangAfterText: 5,
    callTurn: (args) => ({ toolCalls: [{ id: 'call_M', name: 'read_file', arguments: args }] }),
    cutTurn: { turn: twoTurnScript()[0]!, afterEvents: 13, prose: FIRST_TEXT },
  },
  {
    name: 'text',
    create: createText,
    start: startOpenAIChatServer,
    hangAfterText: 2,
    callTurn: (args) => ({
      text: ['Reading.\n```tool\n{"name": "read_file", ', `"arguments": ${args}}`, '\n```\n'],
    }),
    cutTurn: {
      turn: {
        text: ['Let me ', 'check.\n', '```tool\n{"name": "read_file", ', '"arguments": {}}\n```'],
      },
      afterEvents: 4,
      prose: 'Let me check.\n',
    },
  },
];

describe.each(variants)('$name faults against the fake', (variant) => {
  const closeAfter = closedAfterEach();
  const provider = (s: FakeServer, extra: Partial<ProviderOptions> = {}) =>
    variant.create({
      model: 'gpt-test',
      baseUrl: `${s.url}/v1`,
      apiKey: 'sk-test',
      maxRetries: 0,
      ...extra,
    });

  test('a hung response ends aborted as soon as the person interrupts', async () => {
    const server = closeAfter(
      await variant.start([{ text: 'never finishes', fault: { kind: 'hang', afterEvents: 2 } }]),
    );
    const controller = new AbortController();
    const pending = collect(provider(server), request([USER]), controller.signal);
    await waitFor(() => server.requests.length === 1);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const abortedAt = Date.now();
    controller.abort();
    const events = await pending;
    expect(Date.now() - abortedAt).toBeLessThan(3000);
    expect(endOf(events)).toEqual({ type: 'end', stopReason: 'aborted' });
    await waitFor(() => server.openResponses() === 0, 2000);
  });

  test('an interrupt during a hung response ends the loop interrupted, keeping the text so far', async () => {
    const server = closeAfter(
      await variant.start([
        {
          text: ['Partial ', 'answer'],
          fault: { kind: 'hang', afterEvents: variant.hangAfterText },
        },
      ]),
    );
    const controller = new AbortController();
    const running = runLoop(provider(server), [USER], controller.signal);
    await waitFor(() => server.requests.length === 1);
    await new Promise((resolve) => setTimeout(resolve, 100));
    controller.abort();
    const { result, events } = await running;
    expect(result.reason).toBe('interrupted');
    expect(
      events.filter((e) => e.type === 'text_delta').map((e) => (e as { text: string }).text),
    ).toEqual(['Partial ']);
    await waitFor(() => server.openResponses() === 0, 2000);
  });

  test('a stream cut mid-call keeps the prose, completes no call and ends stream_cut', async () => {
    const { turn, afterEvents, prose } = variant.cutTurn;
    const server = closeAfter(
      await variant.start([{ ...turn, fault: { kind: 'cut', afterEvents } }]),
    );
    const events = await collect(provider(server), request([USER]));
    expect(textOf(events)).toBe(prose);
    expect(callsOf(events)).toEqual([]);
    const end = endOf(events);
    expect(end.stopReason).toBe('error');
    expect(end.error?.kind).toBe('stream_cut');
  });

  test('a 429 is retried by the SDK and the turn then succeeds', async () => {
    const server = closeAfter(
      await variant.start([{ text: 'ok after retry', fault: { kind: 'status', status: 429 } }]),
    );
    const events = await collect(provider(server, { maxRetries: 1 }), request([USER]));
    expect(server.requests).toHaveLength(2);
    expect(textOf(events)).toBe('ok after retry');
    expect(endOf(events)).toEqual({ type: 'end', stopReason: 'stop' });
  });

  test('a 500 ends the loop with a server error the person can read', async () => {
    const server = closeAfter(
      await variant.start([
        {
          text: 'x',
          fault: { kind: 'status', status: 500, times: 2, message: 'upstream exploded' },
        },
      ]),
    );
    const events = await collect(provider(server), request([USER]));
    expect(endOf(events)).toMatchObject({
      stopReason: 'error',
      error: { kind: 'server', status: 500 },
    });
    const { result } = await runLoop(provider(server), [USER]);
    expect(result.reason).toBe('error');
    expect(result.error).toContain('upstream exploded');
  });

  test('a 401 names the variable to set', async () => {
    const server = closeAfter(
      await variant.start([{ text: 'x', fault: { kind: 'status', status: 401 } }]),
    );
    const { result } = await runLoop(provider(server, { apiKey: 'sk-wrong' }), [USER]);
    expect(result.reason).toBe('error');
    expect(result.error).toMatch(
      /^OPENAI_API_KEY is missing or invalid: set it or choose another provider with the `provider` option/,
    );
  });

  test('malformed call arguments come back as a tool error the model corrects', async () => {
    const server = closeAfter(
      await variant.start([
        variant.callTurn(MALFORMED),
        variant.callTurn('{"path": "docs/a.md"}'),
        { text: 'Fixed.' },
      ]),
    );
    const { result } = await runLoop(provider(server), [USER]);
    expect(result.reason).toBe('done');
    expect(result.messages.at(-1)!.text).toBe('Fixed.');
    const [bad] = result.messages[0]!.toolCalls;
    expect(bad!.status).toBe('error');
    const sent = JSON.stringify(server.requests[1]!.body);
    expect(sent).toContain(JSON.stringify(MALFORMED).slice(1, -1));
    expect(sent).toContain('Invalid arguments for read_file: not valid JSON');
    expect(sent).toContain(bad!.id);
  });
});

describe.each(variants)('$name without a reachable server or key', (variant) => {
  test('connection refused names the base URL', async () => {
    const baseUrl = `${await closedUrl()}/v1`;
    const provider = variant.create({
      model: 'gpt-test',
      baseUrl,
      apiKey: 'sk-test',
      maxRetries: 0,
    });
    const end = endOf(await collect(provider, request([USER])));
    expect(end.error?.kind).toBe('network');
    expect(end.error?.message).toContain(baseUrl);
  });

  test('no key for the public endpoint is an auth error before any request', async () => {
    const saved = { key: process.env.OPENAI_API_KEY, url: process.env.OPENAI_BASE_URL };
    delete process.env.OPENAI_API_KEY;
    delete process.env.OPENAI_BASE_URL;
    try {
      const provider = variant.create({ model: 'gpt-test', maxRetries: 0 });
      const end = endOf(await collect(provider, request([USER])));
      expect(end.error?.kind).toBe('auth');
      expect(end.error?.message).toMatch(
        /^OPENAI_API_KEY is missing or invalid: set it or choose another provider with the `provider` option/,
      );
    } finally {
      if (saved.key !== undefined) process.env.OPENAI_API_KEY = saved.key;
      if (saved.url !== undefined) process.env.OPENAI_BASE_URL = saved.url;
    }
  });
});
