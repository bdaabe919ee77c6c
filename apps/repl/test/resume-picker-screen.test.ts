import { reply, ScriptedProvider } from '@agent/llm/testing';
import { AS_OPENAI_CHAT, Harness } from './harness';

const ENTER = '\r';

describe('/resume with part of an id', () => {
  it('/resume with a part of several ids opens the picker on those sessions only', async () => {
    const provider = new ScriptedProvider(
      [reply('first answer'), reply('second answer')],
      AS_OPENAI_CHAT,
    );
    const h = await new Harness(100, 30).start(provider);
    try {
      const ids: string[] = [];
      for (const [prompt, answer] of [
        ['first prompt', 'first answer'],
        ['second prompt', 'second answer'],
      ]) {
        await h.type(prompt!);
        h.send(ENTER);
        await h.waitForText(answer!);
        await h.waitForText('· ready');
        ids.push(h.repl.core.sessionId!);
        await h.type('/new');
        h.send(ENTER);
        // The transcript starts over: the answer goes (the first loop's notice is still there).
        await h.waitFor((screen) => !screen.includes(answer!), 'the new session');
      }
      const year = ids[0]!.slice(0, 4);
      await h.type(`/resume ${year}`);
      h.send(ENTER);
      const picker = await h.waitForText(`"${year}" matches 2 sessions: pick one.`);
      expect(picker).toContain('Resume a session');
      expect(picker).toContain('first prompt');
      expect(picker).toContain('second prompt');
      h.send('\x1b');
      await h.waitFor((screen) => !screen.includes('Resume a session'), 'the picker to close');
      await h.type('/resume nosuchsession');
      h.send(ENTER);
      await h.waitForText('no session matches "nosuchsession"');
    } finally {
      await h.stop();
    }
  });
});
