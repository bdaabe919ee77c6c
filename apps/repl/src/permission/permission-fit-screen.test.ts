import { call, reply, ScriptedProvider } from '@agent/llm/testing';
import { AS_OPENAI_CHAT, Harness } from '../../test/harness';

const ENTER = '\r';
const PAGE_DOWN = '\x1b[6~';
const PAGE_UP = '\x1b[5~';

const CONTENT = Array.from({ length: 9 }, (_, i) => `note ${i + 1}`).join('\n') + '\n';
const CHOICES = [
  'y) Yes, allow once',
  'a) Always',
  'w) Always',
  'u) Always',
  'd) No, and',
  'n) No, deny',
];

/** The first diff row the card's position line (`rows 3–4 of 10 …`) says is shown. */
function firstShown(screen: string): number {
  const match = /rows (\d+)–\d+ of \d+/.exec(screen);
  if (!match) throw new Error(`no position line on:\n${screen}`);
  return Number(match[1]);
}

/** The card's rows on screen: its top border, title, what is approved, every choice. */
function expectCardWhole(screen: string): void {
  expect(screen).toContain('╭');
  expect(screen).toContain('Allow editing? write_file');
  expect(screen).toContain('write demo-notes.md');
  for (const choice of CHOICES) expect(screen).toContain(choice);
}

describe.each([
  [60, 15],
  [100, 16],
])('an approval card on a %ix%i screen (blessed)', (cols, rows) => {
  it('keeps the title, the summary and the choices on screen; PgUp/PgDn scroll the diff', async () => {
    const provider = new ScriptedProvider(
      [
        reply('Writing.', call('w1', 'write_file', { path: 'demo-notes.md', content: CONTENT })),
        reply('Done.'),
      ],
      AS_OPENAI_CHAT,
    );
    const repl = await new Harness(cols, rows).start(provider);
    try {
      await repl.type('write notes');
      repl.send(ENTER);
      const card = await repl.waitForText('n) No, deny');
      expectCardWhole(card);
      expect(firstShown(card)).toBe(1);
      // Each "always" row keeps the words that tell it apart: the rule is cut, not its scope.
      const always = card.split('\n').filter((row) => /[awu]\) Always/.test(row));
      expect(always).toHaveLength(3);
      expect(always[0]).toContain('for this session');
      expect(always[1]).toMatch(/in this workspace/);
      expect(always[2]).toMatch(/everywhere/);

      repl.send(PAGE_DOWN);
      const down = await repl.waitFor((s) => !/rows 1–/.test(s), 'the diff to scroll down');
      expectCardWhole(down);
      expect(firstShown(down)).toBeGreaterThan(1);

      repl.send(PAGE_UP);
      const up = await repl.waitFor((s) => /rows 1–/.test(s), 'the diff to scroll back up');
      expectCardWhole(up);

      repl.send(ENTER);
      await repl.waitForText('Done.');
    } finally {
      await repl.stop();
    }
  });
});
