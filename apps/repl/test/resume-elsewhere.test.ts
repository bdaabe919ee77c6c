import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { call, reply, ScriptedProvider } from '@agent/llm/testing';
import { AS_OPENAI_CHAT, Harness } from './harness';
import { occurrences } from './support/occurrences';

const ENTER = '\r';

const writes = (content: string) =>
  new ScriptedProvider(
    [
      reply('', call('c1', 'write_file', { path: 'demo-notes.md', content })),
      reply(`Wrote ${content.trim()}.`),
    ],
    AS_OPENAI_CHAT,
  );

describe('REPL: a session resumed in another workspace', () => {
  it('says where files are read and written, and /undo refuses edits made elsewhere', async () => {
    const first = await new Harness(160, 40).start(writes('home\n'));
    const elsewhere = mkdtempSync(path.join(os.tmpdir(), 'repl-elsewhere-'));
    try {
      await first.type('write notes');
      first.send(ENTER);
      await first.waitForText('Yes, allow once');
      first.send(ENTER);
      await first.waitForText('Wrote home.');
      const id = first.repl.core.sessionId!;
      await first.stop({ keep: true });

      // --cwd elsewhere, then /resume: a notice names both directories.
      const moved = new Harness(160, 40, { home: first.home, workspace: elsewhere });
      await moved.start(writes('elsewhere\n'));
      await moved.type(`/resume ${id}`);
      moved.send(ENTER);
      const screen = await moved.waitForText(`Resumed session ${id}`);
      expect(occurrences(screen, 'This session was recorded in')).toBe(1);
      expect(screen).toContain(`This session was recorded in ${first.workspace}, but you are in`);
      await moved.type('write notes here');
      moved.send(ENTER);
      await moved.waitForText('Yes, allow once');
      moved.send(ENTER);
      await moved.waitForText('Wrote elsewhere.');
      expect(readFileSync(path.join(elsewhere, 'demo-notes.md'), 'utf8')).toBe('elsewhere\n');
      await moved.stop();

      // Back in the first workspace, /undo must not remove the file there.
      const back = await new Harness(160, 40, first).start(undefined, { continue: true });
      await back.waitForText('Resumed session');
      expect(await back.screen()).not.toContain('This session was recorded in');
      await back.type('/undo');
      back.send(ENTER);
      await back.waitForText(`were made in ${elsewhere}, not in this workspace`);
      expect(readFileSync(path.join(first.workspace, 'demo-notes.md'), 'utf8')).toBe('home\n');
      expect(existsSync(path.join(elsewhere, 'demo-notes.md'))).toBe(true);
      await back.stop();

      // --resume from the other workspace says so too, below the replay, with any rule warning.
      const again = new Harness(160, 40, { home: first.home, workspace: elsewhere });
      await again.start(undefined, { resume: id, allow: ['Bash(ls)'] });
      const resumed = await again.waitForText(`This session was recorded in ${first.workspace}`);
      expect(occurrences(resumed, 'This session was recorded in')).toBe(1);
      expect(resumed).toContain("Claude Code's Bash is run_shell here");
      expect(resumed.indexOf('Resumed session')).toBeLessThan(resumed.indexOf('recorded in'));
      await again.stop();
    } finally {
      first.cleanup();
      rmSync(elsewhere, { recursive: true, force: true });
    }
  });
});
