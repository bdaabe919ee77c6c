import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { call, reply, ScriptedProvider } from '@agent/llm/testing';
import { AS_OPENAI_CHAT, Harness } from './harness';
import { occurrences } from './support/occurrences';

const ENTER = '\r';
const PAGE_DOWN = '\x1b[6~';

describe('permission cards on a blessed screen show what would happen, all of it', () => {
  let h: Harness;
  afterEach(async () => {
    await h?.stop();
  });

  it('shows a command hidden in an OSC sequence, and a denial says denied', async () => {
    const command = 'echo hello\x1b]0;\ntouch MARKER\n\x07';
    const provider = new ScriptedProvider(
      [reply('', call('call_1', 'run_shell', { command })), reply('Understood.')],
      AS_OPENAI_CHAT,
    );
    h = await new Harness().start(provider);
    await h.type('go');
    h.send(ENTER);
    const card = await h.waitForText('Yes, allow once');
    expect(card).toContain('$ echo hello\\x1b]0;');
    expect(card).toMatch(/2 │ touch MARKER/);
    expect(card).toMatch(/3 │ \\x07/);
    await h.type('n');
    h.send(ENTER);
    const done = await h.waitForText('Understood.');
    expect(existsSync(path.join(h.workspace, 'MARKER'))).toBe(false);
    // One record of the denial: the call's line, not the card's too.
    expect(occurrences(done, '⊘ Denied')).toBe(1);
    expect(done).toMatch(/⊘ Denied\s*\n.*1 │ \$ echo hello\\x1b\]0;/);
    expect(done).not.toMatch(/Ran \$ echo/);
  });

  it('scrolls a 120-line diff to its last line before approving', async () => {
    const content = Array.from({ length: 120 }, (_, i) => `line number ${i + 1}`).join('\n') + '\n';
    const provider = new ScriptedProvider(
      [reply('', call('call_1', 'write_file', { path: 'long.txt', content })), reply('Written.')],
      AS_OPENAI_CHAT,
    );
    h = await new Harness().start(provider);
    await h.type('go');
    h.send(ENTER);
    const card = await h.waitForText('Yes, allow once');
    expect(card).toMatch(/ +1 \+ line number 1\b/);
    expect(card).not.toContain('line number 120');
    expect(card).toMatch(/rows 1–\d+ of 123/);
    for (let i = 0; i < 30 && !(await h.screen()).includes('(end)'); i++) {
      h.send(PAGE_DOWN);
      await new Promise((resolve) => setTimeout(resolve, 30));
    }
    const end = await h.waitForText('(end)');
    expect(end).toMatch(/120 \+ line number 120/);
    expect(end).toContain('Yes, allow once');
    expect(existsSync(path.join(h.workspace, 'long.txt'))).toBe(false);
    h.send(ENTER);
    await h.waitForText('Written.');
    expect(readFileSync(path.join(h.workspace, 'long.txt'), 'utf8')).toBe(content);
  });

  it('fails an edit that cannot apply without a card, and says "no changes" for the same content', async () => {
    const provider = new ScriptedProvider(
      [
        reply(
          '',
          call('call_1', 'edit_file', { path: 'a.txt', old_string: 'missing', new_string: 'x' }),
        ),
        reply('', call('call_2', 'write_file', { path: 'a.txt', content: 'same\n' })),
        reply('Nothing to do.'),
      ],
      AS_OPENAI_CHAT,
    );
    h = new Harness();
    writeFileSync(path.join(h.workspace, 'a.txt'), 'same\n');
    await h.start(provider);
    await h.type('go');
    h.send(ENTER);
    const card = await h.waitForText('Yes, allow once');
    expect(card).toMatch(/✗ Failed edit a\.txt\n\s+⎿ old_string was not found in a\.txt/);
    expect(card).toContain('no changes: the content is already the same');
    h.send(ENTER);
    const done = await h.waitForText('Nothing to do.');
    expect(done).toMatch(/✓ Allowed · Ran write a\.txt \(1 line\)\n\s+⎿ no changes to a\.txt/);
    expect(provider.requests[1]!.messages.at(-1)).toMatchObject({
      toolCalls: [expect.objectContaining({ status: 'error' })],
    });
  });
});
