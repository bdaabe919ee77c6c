import {
  anthropicProtocol,
  FAKE_MODELS,
  openAIChatProtocol,
  openAIResponsesProtocol,
  startFakeServer,
  type FakeServer,
} from '@agent/testkit';
import { createProvider, type ProviderId } from '../src';

describe("listing a provider's models (/model)", () => {
  const servers: FakeServer[] = [];
  afterAll(() => Promise.all(servers.map((server) => server.close())));

  it.each([
    ['openai-chat', openAIChatProtocol],
    ['openai-responses', openAIResponsesProtocol],
    ['text', openAIChatProtocol],
    ['anthropic', anthropicProtocol],
  ] as const)('%s lists the models its API offers', async (id, protocol) => {
    const server = await startFakeServer(protocol, []);
    servers.push(server);
    const baseUrl = id === 'anthropic' ? server.url : `${server.url}/v1`;
    const provider = createProvider(id as ProviderId, { model: 'm', baseUrl, apiKey: 'k' });
    await expect(provider.listModels!(new AbortController().signal)).resolves.toEqual(FAKE_MODELS);
    expect(server.requests).toEqual([]);
  });

  it("reports a failed listing with the provider's actionable message", async () => {
    const provider = createProvider('openai-chat', {
      model: 'm',
      baseUrl: 'http://127.0.0.1:9/v1',
      apiKey: 'k',
    });
    await expect(provider.listModels!(new AbortController().signal)).rejects.toThrow(
      /127\.0\.0\.1:9/,
    );
  });

  it('the demo lists itself', async () => {
    const demo = createProvider('demo', { model: 'demo' });
    await expect(demo.listModels!(new AbortController().signal)).resolves.toEqual(['demo']);
  });
});
