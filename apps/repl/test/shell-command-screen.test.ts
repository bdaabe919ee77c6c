import { reply, ScriptedProvider } from '@agent/llm/testing';
import { AS_OPENAI_CHAT, Harness } from './harness';

const ENTER = '\r';
const ESC = '\x1b';
const CTRL_C = '\x03';
const CTRL_O = '\x0f';

/** What the model was sent last, as one string. */
const lastSent = (provider: ScriptedProvider): string =>
  JSON.stringify(provider.requests.at(-1)?.messages ?? []);

describe('!command on the screen (a conversation operation)', () => {
  it.each([
    ['Esc', ESC],
    ['Ctrl+C', CTRL_C],
  ])(
    '%s stops a running !command: its row says aborted, what it printed reaches the next prompt',
    async (_key, keys) => {
      const provider = new ScriptedProvider([reply('Noted.')], AS_OPENAI_CHAT);
      const h = await new Harness(100, 30).start(provider);
      try {
        await h.waitForText('· ready');
        await h.type('!echo started-$((40+2)); sleep 30');
        h.send(ENTER);
        // Drawn live while it runs, and the status line says how to stop it.
        await h.waitForText('⎿ started-42');
        await h.waitForText('Esc or Ctrl+C interrupts');
        h.send(keys);
        const screen = await h.waitForText('· ready');
        expect(screen).toMatch(/■ ! echo started-\$\(\(40\+2\)\); sleep 30 · aborted/);
        expect(screen).toContain('started-42');
        expect(screen).not.toContain('Not run');
        expect(provider.requests).toHaveLength(0);

        await h.type('what happened?');
        h.send(ENTER);
        await h.waitForText('Noted.');
        expect(lastSent(provider)).toContain('$ echo started-$((40+2)); sleep 30\\nstarted-42');
      } finally {
        await h.stop();
      }
    },
  );

  it("a long !command output is folded as a model command's is: its last lines under the count of the others; Ctrl+O shows all", async () => {
    const h = await new Harness(100, 30).start(new ScriptedProvider([], AS_OPENAI_CHAT));
    try {
      await h.waitForText('· ready');
      await h.type('!seq 1 500');
      h.send(ENTER);
      await h.waitForText('exit 0');
      const folded = await h.waitForText('· ready');
      const rows = folded.split('\n');
      const row = rows.findIndex((line) => /^✓ ! seq 1 500 · exit 0 · \d+\.\d s\s*$/.test(line));
      expect(row).toBeGreaterThan(-1);
      expect(rows.slice(row + 1, row + 6).map((line) => line.trimEnd())).toEqual([
        '    … +496 lines (Ctrl+O)',
        '    497',
        '    498',
        '    499',
        '    500',
      ]);
      expect(folded).not.toMatch(/^ {4}496$/m);
      h.send(CTRL_O);
      const open = await h.waitFor((s) => /^ {4}480$/m.test(s), 'the whole output');
      expect(open).not.toContain('+496 lines');
    } finally {
      await h.stop();
    }
  });

  it('a !command typed while one runs waits for it, then runs', async () => {
    const h = await new Harness(100, 30).start(new ScriptedProvider([], AS_OPENAI_CHAT));
    try {
      await h.waitForText('· ready');
      await h.type('!sleep 0.5; echo first-$((1+1))');
      h.send(ENTER);
      await h.waitForText('Esc or Ctrl+C interrupts');
      await h.type('!echo second-$((1+2))');
      h.send(ENTER);
      await h.waitFor((s) => /^ {4}second-3$/m.test(s), 'the second command');
      const screen = await h.waitForText('· ready');
      expect(screen.indexOf('first-2')).toBeLessThan(screen.indexOf('second-3'));
      expect(screen).not.toContain('Not run');
    } finally {
      await h.stop();
    }
  });
});
