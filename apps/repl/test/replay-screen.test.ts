import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { call, reply, ScriptedProvider } from '@agent/llm/testing';
import { AS_OPENAI_CHAT, Harness } from './harness';
import { occurrences } from './support/occurrences';

const ENTER = '\r';

describe('a resumed session shows what the live transcript showed', () => {
  it('replays ! output, attached files and /undo; cards leave one record per call', async () => {
    const first = await new Harness(100, 50).start(
      new ScriptedProvider(
        [
          reply('Read it.'),
          reply('', call('c1', 'write_file', { path: 'demo-notes.md', content: 'note\n' })),
          reply('Created.'),
        ],
        AS_OPENAI_CHAT,
      ),
    );
    writeFileSync(path.join(first.workspace, 'README.md'), 'one\ntwo\nthree\n');
    try {
      await first.type('!echo hi');
      first.send(ENTER);
      let screen = await first.waitForText('exit 0');
      // One row with the exit code and how long it ran, no raw backticks.
      expect(screen).toMatch(/✓ ! echo hi · exit 0 · \d+\.\d s\n {4}hi\n/);
      expect(screen).not.toContain('`');
      expect(screen).not.toContain('[exit code 0]');
      await first.waitForText('· ready');

      await first.type('look at @README.md');
      first.send(ENTER);
      await first.waitForText('Read it.');
      expect(await first.screen()).toContain('@README.md (3 lines)');
      await first.waitForText('· ready');

      await first.type('create notes');
      first.send(ENTER);
      screen = await first.waitForText('Yes, allow once');
      // The call waits for its answer: it is not running yet.
      expect(screen).toContain('… Waiting for approval: write demo-notes.md');
      expect(screen).not.toContain('Running write demo-notes.md');
      first.send(ENTER);
      screen = await first.waitForText('Created.');
      // One record: the decision, then the result, with the diff under it.
      expect(screen).toMatch(
        /› create notes\n✓ Allowed · Ran write demo-notes\.md \(1 line\)\n {2}⎿ wrote 1 line to demo-notes\.md\n(.*\n){3} +1 \+ note\nCreated\./,
      );
      expect(occurrences(screen, 'write demo-notes.md')).toBe(1);
      expect(screen).not.toContain('write_file');
      await first.waitForText('· ready');

      await first.type('/undo');
      first.send(ENTER);
      await first.waitForText('Undone: removed demo-notes.md (created by that turn).');
      expect(existsSync(path.join(first.workspace, 'demo-notes.md'))).toBe(false);
      await first.type('/undo');
      first.send(ENTER);
      screen = await first.waitForText('Nothing to undo');
      expect(screen).toContain('✗ Nothing to undo: no file changes left from earlier turns.');
      expect(occurrences(screen, 'Nothing to undo')).toBe(1);
      expect(screen).not.toContain('Nothing undone');
    } finally {
      await first.stop({ keep: true });
    }

    const second = await new Harness(100, 50, first).start(
      new ScriptedProvider([], AS_OPENAI_CHAT),
      { continue: true },
    );
    try {
      const screen = await second.waitForText('Resumed session');
      expect(screen).toMatch(/› !echo hi\n✓ ! echo hi · exit 0\n {4}hi\n/);
      expect(screen).not.toContain('[exit code 0]');
      expect(screen).toMatch(/› look at @README\.md\n@README\.md \(3 lines\)\n/);
      // The replay draws the line the live view drew: the decision, then the result.
      expect(screen).toContain('✓ Allowed · Ran write demo-notes.md (1 line)');
      expect(screen).toContain('Undone: removed demo-notes.md (created by that turn).');
      expect(screen).not.toContain('› /undo');
    } finally {
      await second.stop();
      first.cleanup();
    }
  });

  it('a denied call is one record with the typed reason; a waiting one does not spin', async () => {
    const h = await new Harness(100, 30).start(
      new ScriptedProvider(
        [reply('', call('c1', 'run_shell', { command: 'touch x' })), reply('Fine.')],
        AS_OPENAI_CHAT,
      ),
    );
    try {
      await h.type('list');
      h.send(ENTER);
      let screen = await h.waitForText('Yes, allow once');
      expect(screen).toContain('… Waiting for approval: $ touch x');
      expect(screen).not.toContain('Running $ touch x');
      h.send('n');
      await h.type(' too risky');
      h.send(ENTER);
      screen = await h.waitForText('Fine.');
      expect(screen).toMatch(/› list\n⊘ Denied \$ touch x\n {2}⎿ “too risky”\nFine\./);
      expect(occurrences(screen, 'too risky')).toBe(1);
      expect(occurrences(screen, 'Denied')).toBe(1);
    } finally {
      await h.stop();
    }
  });
});
