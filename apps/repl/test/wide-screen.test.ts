import { reply, ScriptedProvider } from '@agent/llm/testing';
import { AS_OPENAI_CHAT, Harness } from './harness';

const SENTENCE = 'Rust 🦀 with 日本語 docs';

describe('wide characters on a blessed screen (issue 13, item 1)', () => {
  // xterm.js joins no ZWJ sequences (tmux does): those are checked in unicode-e2e-tmux.test.ts.
  it('paints emoji, CJK, flags and combining marks exactly in the input and the transcript', async () => {
    const mixed = `${SENTENCE} 🇯🇵 cafe\u0301`;
    const h = await new Harness().start(
      new ScriptedProvider([reply(`Echo: ${mixed}`)], AS_OPENAI_CHAT),
    );
    try {
      await h.type(SENTENCE);
      const typed = await h.waitForText('docs');
      expect(typed.split('\n')).toContain(`› ${SENTENCE}`);
      await h.type(` 🇯🇵 cafe\u0301`);
      await h.waitForText('cafe');
      h.send('\x7f');
      await h.waitFor((s) => s.split('\n').includes(`› ${SENTENCE} 🇯🇵 caf`), 'é deleted whole');
      h.send('e\u0301\r');
      const shown = (await h.waitForText('Echo')).split('\n');
      expect(shown).toContain(`› ${mixed}`);
      expect(shown).toContain(`Echo: ${mixed}`);
      const row = h.term.buffer.active.getLine(shown.indexOf(`Echo: ${mixed}`))!;
      // Cell by cell: the crab and each ideograph take two cells, their second cell empty.
      expect(row.getCell(11)!.getChars()).toBe('🦀');
      expect(row.getCell(11)!.getWidth()).toBe(2);
      expect(row.getCell(12)!.getWidth()).toBe(0);
      expect(row.getCell(14)!.getChars()).toBe('w');
      expect(row.getCell(19)!.getChars()).toBe('日');
      expect(row.getCell(23)!.getChars()).toBe('語');
      expect(row.getCell(26)!.getChars()).toBe('d');
    } finally {
      await h.stop();
    }
  });

  it('keeps every column in place on a terminal whose table draws new emoji narrow', async () => {
    const h = new Harness(80, 24, undefined, '6');
    await h.start(new ScriptedProvider([reply(`Echo: ${SENTENCE}`)], AS_OPENAI_CHAT));
    try {
      await h.type(SENTENCE);
      h.send('\r');
      const shown = (await h.waitForText('Echo')).split('\n');
      // The crab takes one cell there: the cell reserved for its second half stays blank.
      expect(shown).toContain('Echo: Rust 🦀  with 日本語 docs');
      expect(shown).toContain('› Rust 🦀  with 日本語 docs');
    } finally {
      await h.stop();
    }
  });
});

describe('wide characters as the transcript scrolls (trial: stale cells after an emoji)', () => {
  const ITEMS = [
    '一 alpha',
    '笔 bravo two',
    '🙂 charlie three',
    '记 delta',
    '🦀 echo five',
    '日 fox',
  ];

  it('redraws a row whose wide character gives way to another without shifting what follows', async () => {
    const list = ITEMS.map((item) => `- ${item}`).join('\n');
    const h = await new Harness(60, 16).start(
      new ScriptedProvider(
        [reply(`First:\n\n${list}`), reply(`Second:\n\n${list}\n\nEnd of the second.`)],
        AS_OPENAI_CHAT,
      ),
    );
    try {
      await h.type('one');
      h.send('\r');
      await h.waitForText('日 fox');
      await h.type('two');
      h.send('\r');
      // The second list scrolls in over the first: each row's wide character replaces another
      // one in the same cell, and the unchanged cell after it must not throw the rest off.
      const shown = (await h.waitForText('End of the second.')).split('\n');
      const second = shown.slice(shown.indexOf('Second:'));
      for (const item of ITEMS) expect(second).toContain(`• ${item}`);
      expect(second).toContain('End of the second.');
    } finally {
      await h.stop();
    }
  });
});
