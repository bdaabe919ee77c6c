import { openSavedSession } from '@agent/runtime';
import { reply, ScriptedProvider } from '@agent/llm/testing';
import { AS_OPENAI_CHAT, Harness } from './harness';

const ENTER = '\r';
const UP = '\x1b[A';

describe('prompt history and large pastes on the screen (issue 13, items 7 and 8)', () => {
  it('recalls prompts of an earlier session in the same workspace with Up', async () => {
    const first = await new Harness().start(new ScriptedProvider([reply('one')], AS_OPENAI_CHAT));
    await first.type('the first prompt 日本語');
    first.send(ENTER);
    await first.waitFor((s) => s.split('\n').includes('one'), 'the reply');
    await first.stop({ keep: true });

    const second = new Harness(80, 24, { home: first.home, workspace: first.workspace });
    await second.start(new ScriptedProvider([], AS_OPENAI_CHAT));
    try {
      await second.waitForText('· ready');
      second.send(UP);
      await second.waitForText('› the first prompt 日本語');
    } finally {
      await second.stop();
      second.cleanup();
    }
  });

  it('shows a 60-line paste as a placeholder, edits around it and sends it whole', async () => {
    const provider = new ScriptedProvider([reply('got it')], AS_OPENAI_CHAT);
    const h = await new Harness().start(provider);
    try {
      const pasted = Array.from({ length: 60 }, (_, i) => `pasted line ${i + 1}`).join('\n');
      await h.type('look: ');
      h.send(`\x1b[200~${pasted}\x1b[201~`);
      await h.waitForText('› look: [Pasted text #1 +60 lines]');
      await h.type(' thanks');
      h.send('\x7f'.repeat(7));
      await h.waitFor((s) => /› look: \[Pasted text #1 \+60 lines\]\s*$/m.test(s), 'trimmed');
      h.send('\x7f');
      await h.waitFor((s) => /^› look:\s*$/m.test(s), 'placeholder deleted as a unit');
      h.send(`\x1b[200~${pasted}\x1b[201~`);
      await h.waitForText('› look: [Pasted text #2 +60 lines]');
      h.send(ENTER);
      const screen = await h.waitForText('got it');
      const sent = provider.requests[0]!.messages.at(-1);
      expect(sent).toEqual({ role: 'user', text: `look: ${pasted}` });
      // The transcript keeps the placeholder, as the session's record of what was typed does.
      expect(screen).toContain('look: [Pasted text #2 +60 lines]');
      expect(screen).not.toContain('pasted line 30');
      const saved = await openSavedSession(h.repl.core.sessionFile!);
      expect(saved.events.find((e) => e.type === 'user')).toMatchObject({
        text: `look: ${pasted}`,
        display: 'look: [Pasted text #2 +60 lines]',
      });
    } finally {
      await h.stop();
    }
  });

  it('recalls a sent 2,000-line paste with Up as its placeholder, and sends it whole again', async () => {
    const provider = new ScriptedProvider([reply('first'), reply('again')], AS_OPENAI_CHAT);
    const h = await new Harness().start(provider);
    try {
      const pasted = Array.from({ length: 2000 }, (_, i) => `pasted line ${i + 1}`).join('\n');
      await h.type('read: ');
      h.send(`\x1b[200~${pasted}\x1b[201~`);
      await h.waitForText('› read: [Pasted text #1 +2000 lines]');
      h.send(ENTER);
      await h.waitForText('first');
      h.send(UP);
      // The input is the row under the last rule (the transcript shows the prompt sent, too).
      const input = (screen: string) => {
        const rows = screen.split('\n');
        const rule = rows.findLastIndex((row) => row.startsWith('──'));
        return rows.slice(rule + 1, -1).join('\n');
      };
      const recalled = await h.waitFor((s) => input(s).includes('read:'), 'the recalled prompt');
      expect(input(recalled)).toBe('› read: [Pasted text #1 +2000 lines]');
      h.send(ENTER);
      await h.waitForText('again');
      expect(provider.requests[1]!.messages.at(-1)).toEqual({
        role: 'user',
        text: `read: ${pasted}`,
      });
    } finally {
      await h.stop();
    }
  });
});
