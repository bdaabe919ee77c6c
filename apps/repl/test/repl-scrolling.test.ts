import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { reply, ScriptedProvider } from '@agent/llm/testing';
import { AS_OPENAI_CHAT, Harness } from './harness';

const ENTER = '\r';

describe('REPL scrolling and @mention completion', () => {
  it('scrolls with PageUp/PageDown and the mouse wheel', async () => {
    const long = Array.from({ length: 60 }, (_, i) => `row ${i}`).join('\n');
    const h = await new Harness().start(
      new ScriptedProvider([reply(long), reply('later')], AS_OPENAI_CHAT),
    );
    try {
      await h.type('many rows');
      h.send(ENTER);
      await h.waitForText('row 59');
      h.send('\x1b[5~');
      const up = await h.waitFor((s) => !s.includes('row 59'), 'PageUp');
      expect(up).toMatch(/^row 19$/m);
      expect(up).toMatch(/^row 39$/m);
      // The wheel in alternate-scroll mode: a burst of Down keys.
      h.send('\x1bOB\x1bOB\x1bOB');
      const wheeled = await h.waitFor((s) => /^row 42$/m.test(s), 'wheel down');
      expect(wheeled).not.toMatch(/^row 19$/m);
      h.send('\x1b[6~');
      h.send('\x1b[6~');
      await h.waitForText('row 59');
    } finally {
      await h.stop();
    }
  });
  it('follows the tail again on any submit: a slash command, a !command, a prompt', async () => {
    const long = Array.from({ length: 60 }, (_, i) => `row ${i}`).join('\n');
    const h = await new Harness().start(
      new ScriptedProvider([reply(long), reply('the answer')], AS_OPENAI_CHAT),
    );
    const scrollUp = async () => {
      h.send('\x1b[5~');
      await h.waitFor(() => !h.repl.app.view.following, 'PageUp');
    };
    try {
      await h.type('many rows');
      h.send(ENTER);
      await h.waitForText('row 59');
      await h.waitForText('· ready');
      await scrollUp();
      await h.type('/context');
      h.send(ENTER);
      await h.waitForText('tool results');
      expect(h.repl.app.view.following).toBe(true);
      await scrollUp();
      await h.type('!echo shell-said-hi');
      h.send(ENTER);
      await h.waitFor((s) => /^[^!\n]*shell-said-hi/m.test(s), 'the shell output');
      expect(h.repl.app.view.following).toBe(true);
      await h.waitForText('· ready');
      await scrollUp();
      await h.type('a prompt');
      h.send(ENTER);
      await h.waitForText('the answer');
      expect(h.repl.app.view.following).toBe(true);
    } finally {
      await h.stop();
    }
  });

  it('@ lists the matching paths under the prompt; Down moves, Tab puts the selected one in', async () => {
    const h = await new Harness().start(new ScriptedProvider([], AS_OPENAI_CHAT));
    try {
      mkdirSync(path.join(h.workspace, 'src'));
      for (const name of ['main.ts', 'mail.ts', 'math.ts']) {
        writeFileSync(path.join(h.workspace, 'src', name), 'x\n');
      }
      await h.waitForText('· ready');
      const input = h.repl.app.router.input;
      const shows = (text: string) =>
        h.waitFor(() => input.text === text, `the prompt to read ${JSON.stringify(text)}`);
      await h.type('see @src/ma');
      const listed = await h.waitForText('@src/math.ts');
      expect(listed).toMatch(/@src\/mail\.ts\n.*@src\/main\.ts\n.*@src\/math\.ts/);
      h.send('\x1b[B');
      h.send('\t');
      await shows('see @src/main.ts ');
      await h.waitFor((screen) => !screen.includes('@src/math.ts'), 'the list closed');
    } finally {
      await h.stop();
    }
  });
});
