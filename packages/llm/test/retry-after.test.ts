import {
  startAnthropicServer,
  startBedrockServer,
  startGenkitServer,
  startOpenAIChatServer,
} from '@agent/testkit';
import { createProvider, type LoopEvent } from '../src';
import { MAX_RETRY_WAIT_MS } from '../src/providers/shared/retrying-provider';
import { closedAfterEach, runLoop, USER, fakeAwsCredentials } from './support/provider-fixtures';

jest.setTimeout(30_000);

const track = closedAfterEach();

fakeAwsCredentials('eu-west-1');

const retries = (events: LoopEvent[]) => events.filter((e) => e.type === 'provider_retry');

function options(id: string, baseUrl: string) {
  // Bedrock signs with the AWS variables above; an apiKey would switch it to bearer auth.
  return id === 'bedrock'
    ? { model: 'anthropic.claude-test-v1:0', baseUrl }
    : { model: 'm', baseUrl, apiKey: 'k' };
}

describe.each([
  ['openai-chat', startOpenAIChatServer, (url: string) => `${url}/v1`],
  ['anthropic', startAnthropicServer, (url: string) => url],
  ['bedrock', startBedrockServer, (url: string) => url],
  ['genkit', startGenkitServer, (url: string) => url],
] as const)('%s: rate limits with Retry-After', (id, start, base) => {
  it('fails at once, saying so, when the server asks to wait longer than the cap', async () => {
    const server = track(
      await start([
        {
          text: 'never sent',
          fault: { kind: 'status', status: 429, times: 5, retryAfter: '999999' },
        },
      ]),
    );
    const provider = createProvider(id, options(id, base(server.url)));
    const began = Date.now();
    const { result, events } = await runLoop(provider, [USER]);
    expect(Date.now() - began).toBeLessThan(10_000);
    expect(result.reason).toBe('error');
    expect(result.error).toMatch(
      /asked to wait 277\.8 h \(Retry-After\), longer than the 60 s the agent waits/,
    );
    expect(server.requests).toHaveLength(1);
    expect(retries(events)).toEqual([]);
    expect(MAX_RETRY_WAIT_MS).toBe(60_000);
  });

  it('announces each wait it makes, then succeeds', async () => {
    const server = track(
      await start([
        {
          text: 'after the wait',
          fault: { kind: 'status', status: 429, times: 1, retryAfter: '1' },
        },
      ]),
    );
    const provider = createProvider(id, options(id, base(server.url)));
    const { result, events } = await runLoop(provider, [USER]);
    expect(result.reason).toBe('done');
    expect(retries(events)).toEqual([
      expect.objectContaining({ attempt: 1, maxRetries: 2, waitMs: 1000 }),
    ]);
    expect(server.requests).toHaveLength(2);
  });

  it('an abort during the wait ends the turn at once', async () => {
    const server = track(
      await start([
        { text: 'never', fault: { kind: 'status', status: 503, times: 1, retryAfter: '50' } },
      ]),
    );
    const provider = createProvider(id, options(id, base(server.url)));
    const controller = new AbortController();
    const running = runLoop(provider, [USER], controller.signal);
    while (server.requests.length === 0) await new Promise((r) => setTimeout(r, 20));
    await new Promise((r) => setTimeout(r, 200));
    const aborted = Date.now();
    controller.abort();
    const { result, events } = await running;
    expect(Date.now() - aborted).toBeLessThan(1_000);
    expect(result.reason).toBe('interrupted');
    expect(retries(events)).toEqual([expect.objectContaining({ waitMs: 50_000 })]);
  });
});

describe.each([
  ['openai-chat', startOpenAIChatServer, (url: string) => `${url}/v1`],
  ['anthropic', startAnthropicServer, (url: string) => url],
] as const)('%s: a dropped connection', (id, start, base) => {
  it('is sent again, visibly, when the server closed it before answering', async () => {
    const server = track(await start([{ text: 'sent again', fault: { kind: 'drop' } }]));
    const provider = createProvider(id, options(id, base(server.url)));
    const { result, events } = await runLoop(provider, [USER]);
    expect(result.reason).toBe('done');
    expect(retries(events)).toEqual([expect.objectContaining({ attempt: 1, maxRetries: 2 })]);
    expect(server.requests).toHaveLength(2);
  });
});
