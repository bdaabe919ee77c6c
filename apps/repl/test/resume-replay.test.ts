import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { reply, ScriptedProvider } from '@agent/llm/testing';
import { writeLongSession } from '@agent/testkit';
import { AS_OPENAI_CHAT, Harness } from './harness';

const ENTER = '\r';

describe('REPL: --continue of a long compacted session', () => {
  it('replays what follows the last checkpoint, with one line for the turns before it', async () => {
    const h = new Harness(120, 40);
    mkdirSync(path.join(h.home, 'sessions'));
    writeLongSession(path.join(h.home, 'sessions', '2026-11-30T00-00-00-abcd.jsonl'), {
      turns: 400,
      compactedTurnsAgo: 2,
      cwd: h.workspace,
      model: 'scripted-model',
      askEvery: 2,
    });
    const provider = new ScriptedProvider([reply('Module 400 is fine.')], AS_OPENAI_CHAT);
    try {
      await h.start(provider, { continue: true });
      const screen = await h.waitForText('Resumed session 2026-11-30T00-00-00-abcd');
      expect(screen).toContain(
        '── 398 earlier turns compacted into a summary (199 decisions kept verbatim) ──',
      );
      expect(screen).toContain('› Please look at module 398 and fix the failing test in it.');
      expect(screen).toContain('› Please look at module 399 and fix the failing test in it.');
      // Turn 398's questionnaire, replayed as its summary with the exact answer.
      expect(screen).toContain('Fix the test of module 398');
      expect(screen).toContain('Module 399: The failure comes from an off-by-one');
      expect(screen).not.toContain('module 397');

      await h.type('and module 400?');
      h.send(ENTER);
      await h.waitForText('Module 400 is fine.');
      const sent = provider.requests[0]!.messages;
      expect(sent[0]).toMatchObject({
        role: 'checkpoint',
        summary: 'Fixed modules 0 to 397; each had an off-by-one in its loop bound.',
      });
      expect(sent.at(-1)).toEqual({ role: 'user', text: 'and module 400?' });
      // Up recalls prompts from before the checkpoint too, as before the resume.
      for (let i = 0; i < 4; i++) h.send('\x1b[A');
      await h.waitForText('Please look at module 397 and fix');
    } finally {
      await h.stop();
    }
  });
});
