import { FAKE_MODELS, openAIChatProtocol, startFakeServer } from '@agent/testkit';
import { Harness } from './harness';

const ENTER = '\r';

describe('/model', () => {
  it('picks from the models the provider offers (the current one marked), and switches by name', async () => {
    const server = await startFakeServer(openAIChatProtocol, []);
    const h = await new Harness(100, 30).start(undefined, {
      provider: 'openai-chat',
      model: 'fake-model',
      baseUrl: `${server.url}/v1`,
    });
    try {
      await h.type('/model');
      h.send(ENTER);
      const listed = await h.waitForText('Models of openai-chat');
      expect(listed).toContain('❯ ● fake-model\n');
      for (const name of FAKE_MODELS) expect(listed).toContain(name);
      h.send('\x1b[B');
      await h.waitForText('❯   fake-model-large');
      h.send(ENTER);
      await h.waitForText('Model: openai-chat / fake-model-large');
      expect(h.repl.core.provider.model).toBe('fake-model-large');
      await h.type('/model');
      h.send(ENTER);
      await h.waitForText('❯ ● fake-model-large');
      h.send('\x1b');
      await h.waitFor((s) => !s.includes('Models of openai-chat'), 'the picker closed');
      expect(h.repl.core.provider.model).toBe('fake-model-large');
      await h.type('/model fake-model-mini');
      h.send(ENTER);
      await h.waitForText('Model: openai-chat / fake-model-mini');
      expect(h.repl.core.provider.model).toBe('fake-model-mini');
      expect(await h.screen()).not.toContain('is not among the models');
      await h.type('/model fake-modle');
      h.send(ENTER);
      await h.waitForText('fake-modle is not among the models openai-chat lists');
      expect(h.repl.core.provider.model).toBe('fake-modle');
    } finally {
      await h.stop();
      await server.close();
    }
  });
});
