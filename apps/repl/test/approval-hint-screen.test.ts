import { existsSync } from 'node:fs';
import path from 'node:path';
import { call, reply, ScriptedProvider } from '@agent/llm/testing';
import { AS_OPENAI_CHAT, Harness } from './harness';

const ENTER = '\r';
const DOWN = '\x1b[B';

/** The status line: the screen's last row. */
const statusRow = (screen: string): string => screen.trimEnd().split('\n').at(-1) ?? '';

describe('the approval card’s hint says what Enter does for the selected row (blessed screen)', () => {
  it('on a 16-row screen: approves, approves always, then denies with the reason typed after Space, j/k in it', async () => {
    const content = 'one\ntwo\nthree\nfour\nfive\nsix\n';
    const provider = new ScriptedProvider(
      [
        reply('Writing.', call('c1', 'write_file', { path: 'notes.md', content })),
        reply('Understood.'),
      ],
      AS_OPENAI_CHAT,
    );
    const h = await new Harness(80, 16).start(provider, { sandbox: 'off' });
    try {
      await h.type('Please write a file with notes');
      h.send(ENTER);
      // The hint learns that the diff scrolls once the card is laid out, a paint later.
      const card = await h.waitFor(
        (s) => statusRow(s).startsWith(' Enter approves · PgUp/PgDn j/k scroll · Ctrl+O all'),
        'the first row’s hint',
      );
      expect(card).toContain('Yes, allow once');
      expect(card).toContain('PgUp/PgDn j/k scroll · Ctrl+O shows all');

      h.send(DOWN);
      await h.waitFor((s) => /^ Enter approves always · /.test(statusRow(s)), 'approves always');

      await h.type('n');
      // Picked by its letter, the deny row still takes letters as picks (and j/k as scrolling).
      const picked = await h.waitFor(
        (s) => statusRow(s).startsWith(' Enter denies · Space, then a reason · PgUp/PgDn j/k'),
        'the deny row’s hint, picked by its letter',
      );
      expect(picked).toContain('Space, then a reason');

      await h.type(' ');
      const deny = await h.waitFor(
        (s) => statusRow(s).startsWith(' type a reason · Enter denies'),
        'the deny row’s hint',
      );
      // Letters write the reason here: neither line offers j/k.
      expect(deny).not.toContain('j/k');
      expect(statusRow(deny)).toContain('PgUp/PgDn scroll');

      await h.type('jk');
      const typed = await h.waitFor((s) => s.includes('jk▏'), 'the reason typed');
      expect(statusRow(typed)).toMatch(/^ Enter denies with the reason · PgUp\/PgDn scroll/);
      expect(typed).not.toContain('j/k');
      expect(typed).not.toContain('approves');

      h.send(ENTER);
      await h.waitForText('Understood.');
      expect(existsSync(path.join(h.workspace, 'notes.md'))).toBe(false);
      expect(JSON.stringify(provider.requests[1]!.messages)).toContain('jk');
    } finally {
      await h.stop();
    }
  });
});
