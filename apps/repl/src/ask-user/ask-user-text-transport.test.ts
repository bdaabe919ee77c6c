import { createProvider } from '@agent/llm';
import { startOpenAIChatServer, type FakeServer } from '@agent/testkit';
import { Harness } from '../../test/harness';

const ENTER = '\r';

const questionnaire = {
  questions: [{ question: 'Which test runner?', options: ['jest', 'vitest', 'node:test'] }],
};

/** The text of every Chat Completions message of a recorded request. */
function contents(body: any): string[] {
  return (body?.messages ?? []).map((m: { content: unknown }) => String(m.content));
}

describe('ask_user through the text transport (no native tools)', () => {
  let server: FakeServer;
  let h: Harness;

  afterEach(async () => {
    await h?.stop();
    await server?.close();
  });

  it('opens the card from a ```tool block and returns the exact result as text', async () => {
    const block = `\`\`\`tool\n${JSON.stringify({ name: 'ask_user', arguments: questionnaire })}\n\`\`\``;
    server = await startOpenAIChatServer([
      { text: `One question first.\n${block}\n` },
      { text: 'Using vitest.' },
      { text: 'Still vitest.' },
    ]);
    const provider = createProvider('text', {
      model: 'plain-model',
      baseUrl: `${server.url}/v1`,
      apiKey: 'test-key',
      maxRetries: 0,
    });
    h = await new Harness().start(provider, { toolHistory: 'off' });
    await h.type('set up tests');
    h.send(ENTER);
    const card = await h.waitForText('Question 1 of 1');
    expect(card).toContain('One question first.');
    expect(card).not.toContain('```tool');
    expect(server.requests[0]!.body.tools).toBeUndefined();
    expect(contents(server.requests[0]!.body)[0]).toContain('ask_user');
    h.send('\x1b[B');
    await h.waitForText('❯ 2. vitest');
    h.send(ENTER);
    await h.waitForText('Using vitest.');
    const result = '{"answers":["vitest"],"cancelled":false}';
    expect(contents(server.requests[1]!.body).join('\n')).toContain(result);
    await h.waitForText('· ready');
    await h.type('and now?');
    h.send(ENTER);
    await h.waitForText('Still vitest.');
    const later = contents(server.requests[2]!.body).join('\n');
    expect(later).toContain(result);
    expect(later).toContain(JSON.stringify(questionnaire));
  });
});
