import fs from 'node:fs';
import path from 'node:path';
import { reply, ScriptedProvider } from '@agent/llm/testing';
import { gatedServer, gifFile } from '@agent/testkit';
import type { OperationResult } from '@agent/runtime';
import { AS_OPENAI_CHAT, Harness } from './harness';

const ENTER = '\r';
const TYPED = 'what does @notes.md say?';
const FROM_WEB = 'hello from the web page';
const GIF = gifFile();
const IMAGE = `[image dot.gif · ${GIF.length} B]`;

describe('a prompt typed while the web page starts its turn (blessed screen, 80x24)', () => {
  it('is queued, shown as queued, and sent with its mention and image once that turn ends', async () => {
    const provider = new ScriptedProvider(
      [reply('Web answer.'), reply('The notes say heron.')],
      AS_OPENAI_CHAT,
    );
    provider.hold();
    const h = await new Harness(80, 24).start(provider);
    try {
      fs.writeFileSync(path.join(h.workspace, 'notes.md'), 'The codeword is heron.\n');
      const dot = path.join(h.workspace, 'dot.gif');
      fs.writeFileSync(dot, GIF);
      await h.waitFor(() => h.repl.app.conversation !== undefined, 'the agent attached');
      const { app } = h.repl;
      h.send(`\x1b[200~${dot}\x1b[201~`);
      await h.waitForText(IMAGE);
      // The web page's prompt arrives the moment the typed one is on screen, while its mention
      // is still being read from disk (the web prompt, mentioning nothing, needs no disk).
      let web: Promise<OperationResult> | undefined;
      const typedLine = () => app.transcript.segments.some((s) => s.kind === 'user');
      const unsubscribe = app.transcript.onChange(() => {
        if (web || !typedLine()) return;
        web = app.conversation!.submit({ type: 'prompt', text: FROM_WEB }, 'the web page');
      });
      await h.type(TYPED);
      h.send(ENTER);
      // The pasted image waits in the input area for the queued prompt, as a queued prompt's does.
      const queued = await h.waitFor(
        (s) => (s.includes(`⧗ queued: ${TYPED}`) && s.includes(IMAGE)) || s.includes('Not sent'),
        'the typed prompt queued, its image back in the input',
      );
      unsubscribe();
      expect(queued).not.toContain('Not sent');
      expect(await web).toEqual({ ok: true });
      expect(app.queue).toEqual([TYPED]);
      expect(provider.requests).toHaveLength(1);

      provider.release();
      const done = await h.waitForText('The notes say heron.');
      expect(done).not.toContain('⧗ queued');
      expect(done).not.toContain('Not sent');
      // In the order they ran: the web page's turn, then the typed prompt with its file.
      const order = [FROM_WEB, 'Web answer.', TYPED, '@notes.md (1 line)', IMAGE, 'The notes say'];
      const at = order.map((text) => done.indexOf(text));
      expect(at.every((index, i) => index >= 0 && (i === 0 || index > at[i - 1]!))).toBe(true);
      expect(done.split(TYPED).length - 1).toBe(1);
      const asked = provider.requests[1]!.messages.filter((m) => m.role === 'user').at(-1);
      expect(JSON.stringify(asked)).toContain('The codeword is heron.');
      expect(JSON.stringify(asked)).toContain('image/gif');
      expect(app.attachments.list).toEqual([]);
    } finally {
      await h.stop();
    }
  });

  it("is sent once the web page's prompt is interrupted before its turn starts (it waited for a server)", async () => {
    const provider = new ScriptedProvider([reply('Typed answer.')], AS_OPENAI_CHAT);
    const h = new Harness(80, 24);
    const script = require.resolve('@modelcontextprotocol/server-everything/dist/index.js');
    const gated = gatedServer(h.home, [process.execPath, script, 'stdio']);
    fs.writeFileSync(
      path.join(h.home, 'config.json'),
      JSON.stringify({ mcpServers: { everything: gated.entry } }),
    );
    await h.start(provider);
    try {
      await h.waitFor(() => h.repl.app.conversation !== undefined, 'the agent attached');
      const { app } = h.repl;
      await h.waitFor(() => gated.started(), 'the server started, held at its gate');
      // The web page's prompt waits for the server; the typed one is queued behind it.
      const web = app.conversation!.submit({ type: 'prompt', text: FROM_WEB }, 'the web page');
      await h.type('hello after the page');
      h.send(ENTER);
      await h.waitForText('⧗ queued: hello after the page');
      expect(app.queue).toEqual(['hello after the page']);
      // The page interrupts before its turn starts: no turn ends, yet the typed prompt goes.
      await app.conversation!.submit({ type: 'interrupt' }, 'the web page');
      expect(await web).toEqual({ ok: false, reason: 'interrupted' });
      const done = await h.waitForText('Typed answer.');
      expect(done).not.toContain('⧗ queued');
      expect(done).not.toContain(FROM_WEB);
      expect(app.queue).toEqual([]);
      expect(provider.requests).toHaveLength(1);
    } finally {
      // The gate stays shut: stopping ends the held server before it ever writes.
      await h.stop();
    }
  });
});
