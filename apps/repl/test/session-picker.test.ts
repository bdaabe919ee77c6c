import { reply, ScriptedProvider } from '@agent/llm/testing';
import { AS_OPENAI_CHAT, Harness } from './harness';

const ENTER = '\r';
const ESC = '\x1b';

/** Saves one session whose first prompt is `prompt`, in the shared home and workspace. */
async function saveSession(
  shared: Harness | undefined,
  prompt: string,
): Promise<Harness & { savedId?: string }> {
  const h = await new Harness(100, 30, shared).start(
    new ScriptedProvider([reply(`Answer to ${prompt}.`)], AS_OPENAI_CHAT),
  );
  await h.type(prompt);
  h.send(ENTER);
  await h.waitForText(`Answer to ${prompt}.`);
  await h.waitForText('· ready');
  const savedId = h.repl.core.sessionId;
  await h.stop({ keep: true });
  return Object.assign(h, { savedId });
}

describe('/resume without an id', () => {
  it('opens a picker: typing filters, Enter resumes the chosen session, Esc closes', async () => {
    const first = await saveSession(undefined, 'alpha topic');
    await saveSession(first, 'beta topic');
    const h = await new Harness(100, 30, first).start(new ScriptedProvider([], AS_OPENAI_CHAT));
    try {
      await h.type('/resume');
      h.send(ENTER);
      const picker = await h.waitForText('Resume a session');
      expect(picker).toContain('alpha topic');
      expect(picker).toContain('beta topic');
      h.send(ESC);
      await h.waitFor((s) => !s.includes('Resume a session'), 'the picker to close');

      await h.type('/resume');
      h.send(ENTER);
      await h.waitForText('Resume a session');
      await h.type('alpha');
      const filtered = await h.waitForText('filter: alpha');
      expect(filtered).not.toContain('beta topic');
      h.send(ENTER);
      await h.waitForText('Resumed session');
      expect(h.repl.core.history[0]).toEqual({ role: 'user', text: 'alpha topic' });
    } finally {
      await h.stop();
      first.cleanup();
    }
  });

  it('/resume accepts any unique part of an id', async () => {
    const first = await saveSession(undefined, 'gamma topic');
    const h = await new Harness(100, 30, first).start(new ScriptedProvider([], AS_OPENAI_CHAT));
    try {
      const tail = (first.savedId ?? '').slice(-4);
      expect(tail).toMatch(/^[0-9a-f]{4}$/);
      await h.type(`/resume ${tail}`);
      h.send(ENTER);
      await h.waitForText('Resumed session');
      expect(h.repl.core.history[0]).toEqual({ role: 'user', text: 'gamma topic' });
    } finally {
      await h.stop();
      first.cleanup();
    }
  });
});
