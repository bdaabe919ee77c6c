import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { createProvider } from '@agent/llm';
import { startOpenAIChatServer, type FakeServer } from '@agent/testkit';
import { reply, ScriptedProvider } from '@agent/llm/testing';
import { AS_OPENAI_CHAT, Harness } from './harness';

jest.setTimeout(60_000);

const ENTER = '\r';

describe('/usage on the REPL screen', () => {
  const servers: FakeServer[] = [];
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((server) => server.close()));
  });

  it("shows the session's tokens per model, cached apart, and the cost; after a resume too", async () => {
    const openai = await startOpenAIChatServer([
      { text: 'First answer.', usage: { inputTokens: 1200, outputTokens: 80, cachedTokens: 1000 } },
      {
        text: 'Second answer.',
        usage: { inputTokens: 1500, outputTokens: 20, cachedTokens: 1200 },
      },
    ]);
    servers.push(openai);
    const chat = () =>
      createProvider('openai-chat', {
        model: 'gpt-test',
        baseUrl: `${openai.url}/v1`,
        apiKey: 'test',
        maxRetries: 0,
      });

    const first = new Harness(100, 30);
    writeFileSync(
      path.join(first.home, 'config.json'),
      JSON.stringify({ prices: { 'gpt-test': { input: 2, output: 8, cachedInput: 0.5 } } }),
    );
    await first.start(chat());
    await first.type('/usage');
    first.send(ENTER);
    await first.waitForText('no model responses in this session yet');
    await first.type('first question');
    first.send(ENTER);
    // The turn is over (the status line says ready), not only its text streamed: /usage
    // does not run during a turn.
    await first.waitFor(
      (screen) => screen.includes('First answer.') && / ready /.test(screen),
      'the turn to end',
    );
    await first.type('/usage');
    first.send(ENTER);
    // (200 × 2 + 1,000 × 0.5 + 80 × 8) / 1e6 dollars
    const once = await first.waitForText('Usage this session');
    expect(once).toContain('openai-chat/gpt-test  1,200 in (1,000 cached) · 80 out · $0.0015');
    await first.stop({ keep: true });

    const second = await new Harness(100, 30, first).start(chat(), { continue: true });
    try {
      await second.waitForText('Resumed session');
      await second.type('second question');
      second.send(ENTER);
      // The turn is over (the status line says ready), not only its text streamed: /usage
      // does not run during a turn.
      await second.waitFor(
        (screen) => screen.includes('Second answer.') && / ready /.test(screen),
        'the turn to end',
      );
      await second.type('/usage');
      second.send(ENTER);
      const both = await second.waitForText('2,700 in (2,200 cached)');
      // The earlier run's response and this one's, summed for the model:
      // (500 × 2 + 2,200 × 0.5 + 100 × 8) / 1e6 dollars.
      expect(both).toContain('openai-chat/gpt-test  2,700 in (2,200 cached) · 100 out · $0.0029');
    } finally {
      await second.stop();
      first.cleanup();
    }
  });
});

describe('the status line against the resolved context window', () => {
  it('shows --context-window as the window the context fills', async () => {
    const h = await new Harness(100, 30).start(
      new ScriptedProvider([reply('Short answer.')], AS_OPENAI_CHAT),
      { contextWindow: 8192 },
    );
    try {
      await h.type('hello');
      h.send('\r');
      await h.waitForText('Short answer.');
      const screen = await h.waitFor((s) => /ctx \S+ \(\d+% of 8k\)/.test(s), 'ctx … of 8k');
      expect(screen).not.toContain('of 128k');
    } finally {
      await h.stop();
    }
  });
});
