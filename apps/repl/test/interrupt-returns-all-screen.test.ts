import { reply, ScriptedProvider } from '@agent/llm/testing';
import { AS_OPENAI_CHAT, Harness } from './harness';

const ENTER = '\r';
const TAB = '\t';
const CTRL_C = '\x03';
const NOTICE = 'Interrupted: 2 messages are back in the input (Enter sends them).';

/** The status line: the screen's last row. */
const statusRow = (screen: string): string => screen.trimEnd().split('\n').at(-1) ?? '';

describe('an interrupt gives back every steer and queued prompt (blessed screen, 80x24)', () => {
  it('both come back in order, nothing stays queued, and no later turn says "Interrupted"', async () => {
    const provider = new ScriptedProvider(
      [reply('never finished'), reply('Both noted.'), reply('Plain answer.')],
      AS_OPENAI_CHAT,
    );
    provider.hold();
    const h = await new Harness(80, 24).start(provider);
    try {
      await h.type('hello stream');
      h.send(ENTER);
      await h.waitFor(() => provider.requests.length === 1, 'the first request');
      await h.type('steer1');
      h.send(ENTER);
      await h.waitForText('⤷ into this turn: steer1');
      await h.type('queue2');
      h.send(TAB);
      await h.waitForText('⧗ queued: queue2');
      h.send(CTRL_C);
      const back = await h.waitFor((s) => statusRow(s).includes(NOTICE), 'the whole notice');
      expect(h.repl.app.router.input.text).toBe('steer1\n\nqueue2');
      expect(h.repl.app.queue).toEqual([]);
      expect(back).not.toContain('⧗ queued');
      expect(back).not.toContain('⤷ into this turn');

      provider.release();
      h.send(ENTER);
      await h.waitForText('Both noted.');
      const asked = provider.requests[1]!.messages.filter((m) => m.role === 'user').at(-1);
      expect(JSON.stringify(asked)).toContain('steer1\\n\\nqueue2');

      // The interrupt's notice runs out; nothing held comes back after this turn.
      await h.waitFor((s) => statusRow(s).includes('· ready ·'), 'the notice gone');
      expect(h.repl.app.router.input.text).toBe('');
      expect(h.repl.app.queue).toEqual([]);

      await h.type('and then');
      h.send(ENTER);
      await h.waitForText('Plain answer.');
      const after = await h.waitFor((s) => statusRow(s).includes('· ready ·'), 'the turn’s end');
      expect(statusRow(after)).not.toContain('Interrupted');
      expect(provider.requests).toHaveLength(3);
      expect(h.repl.app.router.input.text).toBe('');
    } finally {
      await h.stop();
    }
  });
});
