import {
  startAnthropicServer,
  startOpenAIChatServer,
  startOpenAIResponsesServer,
  type FakeServer,
  type ScriptedTurn,
} from '@agent/testkit';
import type { Provider, ProviderOptions } from '../src/provider';
import { create as createAnthropic } from '../src/providers/anthropic';
import { create as createChat } from '../src/providers/openai-chat';
import { create as createResponses } from '../src/providers/openai-responses';
import { MAX_STREAM_LINE_BYTES, boundLines } from '../src/providers/shared/bounded-fetch';
import {
  closedAfterEach,
  collect,
  endOf,
  request,
  textOf,
  USER,
  waitFor,
} from './support/provider-fixtures';

interface Variant {
  name: string;
  create(options: ProviderOptions): Provider;
  start(script: ScriptedTurn[]): Promise<FakeServer>;
  path: string;
}

const variants: Variant[] = [
  { name: 'openai-chat', create: createChat, start: startOpenAIChatServer, path: '/v1' },
  {
    name: 'openai-responses',
    create: createResponses,
    start: startOpenAIResponsesServer,
    path: '/v1',
  },
  { name: 'anthropic', create: createAnthropic, start: startAnthropicServer, path: '' },
];

/** One text chunk, hence one SSE `data:` line, just over the bound. */
const HUGE = 'x'.repeat(MAX_STREAM_LINE_BYTES + 1024);

describe.each(variants)('$name bounds the length of one stream line', (variant) => {
  const closeAfter = closedAfterEach();
  const provider = (server: FakeServer): Provider =>
    variant.create({
      model: 'test-model',
      baseUrl: `${server.url}${variant.path}`,
      apiKey: 'sk-test',
      maxRetries: 0,
    });

  test('a line longer than the bound ends the turn with a clear error, promptly', async () => {
    const server = closeAfter(await variant.start([{ text: ['Hello ', HUGE, ' world'] }]));
    const events = await collect(provider(server), request([USER]));
    expect(textOf(events)).toBe('Hello ');
    const end = endOf(events);
    expect(end.stopReason).toBe('error');
    expect(end.error?.message).toMatch(/stream line longer than 4 MiB.*check the `baseUrl` option/);
    await waitFor(() => server.openResponses() === 0, 2000);
  });

  test('a long line below the bound streams as before', async () => {
    const long = 'y'.repeat(1024 * 1024);
    const server = closeAfter(await variant.start([{ text: ['Hello ', long] }]));
    const events = await collect(provider(server), request([USER]));
    expect(textOf(events)).toBe(`Hello ${long}`);
    expect(endOf(events)).toEqual({ type: 'end', stopReason: 'stop' });
  });
});

describe('boundLines', () => {
  const run = async (chunks: string[], limit: number, pieces: string[] = []): Promise<string> => {
    const source = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const chunk of chunks) controller.enqueue(new TextEncoder().encode(chunk));
        controller.close();
      },
    });
    let out = '';
    const decoder = new TextDecoder();
    for await (const chunk of boundLines(source, limit)) {
      const piece = decoder.decode(chunk);
      pieces.push(piece);
      out += piece;
    }
    return out;
  };

  test('passes whole lines, counts a line across chunks and restarts at LF, CR or CRLF', async () => {
    const pieces: string[] = [];
    expect(await run(['abc', 'de\nabcde\r', 'abcde\r\nab', 'cde'], 5, pieces)).toBe(
      'abcde\nabcde\rabcde\r\nabcde',
    );
    expect(pieces).toEqual(['abcde\nabcde\r', 'abcde\r\n', 'abcde']);
    await expect(run(['abc', 'def\n'], 5)).rejects.toThrow(/longer than/);
    await expect(run(['ab\nabc', 'def'], 5)).rejects.toThrow(/longer than/);
  });
});
