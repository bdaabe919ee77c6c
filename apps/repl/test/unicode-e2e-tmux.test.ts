import { startOpenAIChatServer } from '@agent/testkit';
import { replTmuxBed } from './support/repl-tmux-bed';

const bed = replTmuxBed('unicode-e2e', { session: 'uni', scope: 'file' });
const { driver } = bed;
const SENTENCE = 'Rust 🦀 with 日本語 docs';
/** A ZWJ family, a flag and a combining accent: tmux 3.3 draws each cluster in two, two, one cells. */
const CLUSTERS = 'family 👨‍👩‍👧 trip 🇯🇵 cafe\u0301';

/**
 * Cells a captured row takes in tmux, counted by hand (independently of the app's width code):
 * the crab and the three ideographs take two cells, the ASCII and symbols the screen uses one.
 * Any other character fails the test, so nothing is counted by guess.
 */
function cells(row: string): number {
  let width = 0;
  const known = row.replace(/👨‍👩‍👧|🇯🇵/gu, '日').replace(/e\u0301/g, 'e');
  for (const ch of known) {
    if ('🦀日本語'.includes(ch)) width += 2;
    else if (/[\x20-\x7e]/.test(ch) || '─│╭╮╰╯❯›▏…→✓·⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏↑↓⎿⊘■⏎⧗'.includes(ch)) width += 1;
    else throw new Error(`unexpected character ${JSON.stringify(ch)} in ${JSON.stringify(row)}`);
  }
  return width;
}

function rows(screen: string): string[] {
  return screen.split('\n');
}

/** The rows of the open card, top and bottom border included. */
function cardRows(screen: string): string[] {
  const all = rows(screen);
  const top = all.findIndex((row) => row.startsWith('╭'));
  const bottom = all.findIndex((row, i) => i > top && row.startsWith('╰'));
  if (top < 0 || bottom < 0) throw new Error(`no card on screen:\n${screen}`);
  return all.slice(top, bottom + 1);
}

/** A card row holding `text`, padded cell by cell to a card `width` wide. */
function boxRow(text: string, width: number): string {
  return `│ ${text}${' '.repeat(width - cells(text) - 4)} │`;
}

const typedRow = (width: number): string => boxRow(`❯ 3. Type your answer: ${SENTENCE}▏`, width);

describe('wide characters end to end in tmux (issue 13, item 1)', () => {
  beforeAll(async () => {
    bed.server = await startOpenAIChatServer([
      {
        text: `Noted: ${SENTENCE}.`,
        toolCalls: [
          {
            id: 'call_docs',
            name: 'ask_user',
            arguments: {
              questions: [
                { question: 'Which 日本語 docs?', options: ['🦀 crate docs', '日本語 guide'] },
              ],
            },
          },
        ],
      },
      { text: `Done: ${SENTENCE}.` },
      { text: `Seen: ${CLUSTERS}.` },
    ]);
  });

  it('paints the sentence exactly in the input, the transcript, a typed card answer and after resizes', async () => {
    bed.launch({ cols: 90, rows: 30 });
    await driver.waitFor('uni', '· ready');
    driver.type('uni', SENTENCE);
    const typed = await driver.waitFor('uni', 'docs');
    expect(rows(typed)).toContain(`› ${SENTENCE}`);

    driver.keys('uni', 'Enter');
    const asked = await driver.waitFor('uni', 'Question 1 of 1');
    expect(rows(asked)).toContain(`› ${SENTENCE}`);
    expect(rows(asked)).toContain(`Noted: ${SENTENCE}.`);
    for (const row of cardRows(asked)) expect(cells(row)).toBe(90);
    expect(cardRows(asked)).toContain(boxRow('❯ 1. 🦀 crate docs (recommended)', 90));
    expect(cardRows(asked)).toContain(boxRow('  2. 日本語 guide', 90));
    expect(cardRows(asked)).toContain(boxRow('Which 日本語 docs?', 90));

    driver.type('uni', SENTENCE);
    const answering = await driver.waitFor('uni', `${SENTENCE}▏`);
    for (const row of cardRows(answering)) expect(cells(row)).toBe(90);
    expect(cardRows(answering)).toContain(typedRow(90));

    driver.run('resize-window', '-t', 'uni', '-x', '70', '-y', '30');
    const narrow = await driver.waitFor('uni', '╮', 5000);
    await waitUntil(() => cardRows(driver.capture('uni'))[0]!.length === 70);
    const resized = driver.capture('uni');
    for (const row of cardRows(resized)) expect(cells(row)).toBe(70);
    expect(cardRows(resized)).toContain(typedRow(70));
    expect(rows(narrow).every((row) => cells(row) <= 70)).toBe(true);

    driver.keys('uni', 'Enter');
    const done = await driver.waitFor('uni', `Done: ${SENTENCE}.`);
    expect(rows(done)).toContain(`    → ${SENTENCE} (typed)`);
    expect(rows(done)).toContain(`› ${SENTENCE}`);

    driver.run('resize-window', '-t', 'uni', '-x', '44', '-y', '30');
    await waitUntil(() => rows(driver.capture('uni')).some((row) => row === '─'.repeat(44)));
    const small = driver.capture('uni');
    expect(rows(small).every((row) => cells(row) <= 44)).toBe(true);
    expect(rows(small)).toContain(`› ${SENTENCE}`);
    expect(rows(small)).toContain(`Done: ${SENTENCE}.`);
    expect(rows(small)).toContain(`    → ${SENTENCE} (typed)`);

    driver.type('uni', '/new');
    driver.keys('uni', 'Enter');
    const fresh = await driver.waitFor('uni', 'New session.');
    expect(fresh).not.toMatch(/[🦀日本語]/u);

    driver.type('uni', CLUSTERS);
    // 'cafe' can show before its combining accent arrives: wait for the whole row.
    await waitUntil(() => rows(driver.capture('uni')).includes(`› ${CLUSTERS}`));
    driver.keys('uni', 'Enter');
    const seen = rows(await driver.waitFor('uni', 'Seen:'));
    expect(seen).toContain(`› ${CLUSTERS}`);
    expect(seen).toContain(`Seen: ${CLUSTERS}.`);
    expect(seen.every((row) => cells(row) <= 44)).toBe(true);
  });
});

async function waitUntil(check: () => boolean, ms = 5000): Promise<void> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (check()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('timed out');
}
