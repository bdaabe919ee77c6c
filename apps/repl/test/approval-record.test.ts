import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { call, reply, ScriptedProvider } from '@agent/llm/testing';
import type { CardAnswer } from '@agent/runtime';
import { AS_OPENAI_CHAT, Harness } from './harness';

const ENTER = '\r';
const SHIFT_TAB = '\x1b[Z';
const WEB_PAGE = 'the web page';

const questions = {
  questions: [{ question: 'Which database?', options: ['PostgreSQL', 'SQLite'] }],
};

/** Answers the card shown now as the web page does (`conversation.submit(…, WEB_PAGE)`). */
async function answerOnThePage(h: Harness, answer: CardAnswer): Promise<void> {
  const conversation = h.repl.app.conversation!;
  const id = conversation.openCards.shown!.request.id;
  const result = await conversation.submit({ type: 'answer', id, answer }, WEB_PAGE);
  expect(result).toEqual({ ok: true });
}

/** The screen row that starts with `start`. */
function row(screen: string, start: string): string {
  const found = screen.split('\n').find((line) => line.startsWith(start));
  if (found === undefined) throw new Error(`no row starts with ${start}:\n${screen}`);
  return found;
}

describe('how a card was answered is saved, and a replay shows what the live view showed', () => {
  it('an "always" here, an approval and a questionnaire on the web page', async () => {
    const live = await new Harness(100, 40).start(
      new ScriptedProvider(
        [
          reply('', call('c1', 'write_file', { path: 'demo-notes.md', content: 'a\nb\nc\n' })),
          reply('', call('c2', 'write_file', { path: 'other.md', content: 'x\n' })),
          reply('', call('c3', 'ask_user', questions)),
          reply('Done.'),
        ],
        AS_OPENAI_CHAT,
      ),
    );
    const shown: string[] = [];
    try {
      await live.type('write the notes');
      live.send(ENTER);
      await live.waitForText('Waiting for approval: write demo-notes.md');
      await live.waitForText('Yes, allow once');
      live.send('a');
      live.send(ENTER);
      let screen = await live.waitForText('Waiting for approval: write other.md');
      shown.push(row(screen, '✓ Always allowed (write_file(demo-notes.md))'));
      expect(shown[0]).toBe(
        '✓ Always allowed (write_file(demo-notes.md)) · Ran write demo-notes.md (3 lines)',
      );
      await answerOnThePage(live, { kind: 'approval', choice: 'once' });
      await live.waitForText('Which database?');
      await answerOnThePage(live, {
        kind: 'questionnaire',
        result: { answers: ['SQLite'], cancelled: false },
      });
      screen = await live.waitForText('Done.');
      shown.push(row(screen, '✓ Allowed on the web page'));
      expect(shown[1]).toBe('✓ Allowed on the web page · Ran write other.md (1 line)');
      shown.push(row(screen, '✓ Questionnaire'));
      expect(shown[2]).toContain('· answered on the web page');
    } finally {
      await live.stop({ keep: true });
    }

    // The record is data on each call's tool_end, never text to parse back.
    const sessions = path.join(live.home, 'sessions');
    const [file] = readdirSync(sessions);
    const ends = readFileSync(path.join(sessions, file!), 'utf8')
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .filter((event) => event.type === 'tool_end');
    expect(ends.map(({ approval, answeredOn }) => ({ approval, answeredOn }))).toEqual([
      {
        approval: {
          allowed: true,
          by: 'person',
          choice: 'always',
          rule: 'write_file(demo-notes.md)',
          scope: 'session',
          on: 'the terminal',
        },
      },
      { approval: { allowed: true, by: 'person', choice: 'once', on: WEB_PAGE } },
      { answeredOn: WEB_PAGE },
    ]);

    const replay = await new Harness(100, 40, live).start(
      new ScriptedProvider([], AS_OPENAI_CHAT),
      { continue: true },
    );
    try {
      const screen = await replay.waitForText('Resumed session');
      const rows = screen.split('\n');
      for (const line of shown) expect(rows).toContain(line);
    } finally {
      await replay.stop();
      live.cleanup();
    }
  });

  it('a card the mode approved (Shift+Tab to accept edits) and a denial with its reason', async () => {
    const live = await new Harness(100, 30).start(
      new ScriptedProvider(
        [
          reply('', call('c1', 'write_file', { path: 'notes.md', content: 'n\n' })),
          reply('', call('c2', 'run_shell', { command: 'touch x' })),
          reply('Fine.'),
        ],
        AS_OPENAI_CHAT,
      ),
    );
    const shown: string[] = [];
    try {
      await live.type('write notes');
      live.send(ENTER);
      await live.waitForText('Yes, allow once');
      live.send(SHIFT_TAB);
      await live.waitForText('Waiting for approval: $ touch x');
      live.send('n');
      await live.type(' too risky');
      live.send(ENTER);
      const screen = await live.waitForText('Fine.');
      shown.push(row(screen, '✓ Allowed by accept-edits mode'));
      expect(shown[0]).toBe('✓ Allowed by accept-edits mode · Ran write notes.md (1 line)');
      shown.push(row(screen, '⊘ Denied $ touch x'), row(screen, '  ⎿ “too risky”'));
    } finally {
      await live.stop({ keep: true });
    }
    const replay = await new Harness(100, 30, live).start(
      new ScriptedProvider([], AS_OPENAI_CHAT),
      { continue: true },
    );
    try {
      const rows = (await replay.waitForText('Resumed session')).split('\n');
      for (const line of shown) expect(rows).toContain(line);
    } finally {
      await replay.stop();
      live.cleanup();
    }
  });
});
