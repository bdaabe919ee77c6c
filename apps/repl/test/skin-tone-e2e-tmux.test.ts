import { startOpenAIChatServer } from '@agent/testkit';
import { replTmuxBed } from './support/repl-tmux-bed';

const bed = replTmuxBed('skin-tone-e2e', { session: 'tone', scope: 'file' });
const { driver } = bed;
const THUMBS = 'thumbs 👍🏽 end';
const ANSWER = 'Zig 日本 👍🏽';
const HEART = 'ab ❤️ cd';
const lines = (what: string, count: number): string =>
  Array.from({ length: count }, (_, i) => `line ${i + 1} of the ${what} reply`).join('\n');

const rows = (screen: string): string[] => screen.split('\n');
const promptRow = (screen: string): string => rows(screen.trimEnd()).at(-2) ?? '';

/**
 * tmux 3.3 draws a skin-tone modifier as a wide character of its own (👍🏽 in four cells) and ❤️
 * in one cell; later tmux and most terminals draw both in two. Either way each cluster must show
 * whole, nothing after it may move, and no part of it may stay behind as the transcript scrolls.
 */
describe('skin-tone emoji and VS16 in tmux (trial finding 1)', () => {
  beforeAll(async () => {
    bed.server = await startOpenAIChatServer([
      {
        text: 'One question.',
        toolCalls: [
          {
            id: 'call_lang',
            name: 'ask_user',
            arguments: { questions: [{ question: 'Which language?', options: ['Go', 'Rust'] }] },
          },
        ],
      },
      { text: `Echo: ${ANSWER}\n\n${lines('long', 4)}` },
      { text: lines('next', 6) },
      { text: `Heart: ${HEART}` },
    ]);
  });

  it('draws them whole in the prompt, the card summary and the transcript, and leaves nothing behind', async () => {
    bed.launch({ cols: 80, rows: 24 });
    await bed.waitFor('· ready');
    bed.typeText(THUMBS);
    await promptReads(`› ${THUMBS}`);
    for (let i = 0; i < 5; i++) bed.keys('Left');
    bed.typeText('X');
    await promptReads('› thumbs X👍🏽 end');
    bed.keys('End');
    bed.typeText('!');
    await promptReads('› thumbs X👍🏽 end!');

    bed.keys('Enter');
    await bed.waitFor('Which language?');
    bed.typeText(ANSWER);
    bed.keys('Enter');
    const answered = rows(await bed.waitFor('line 4 of the long reply'));
    expect(answered).toContain(`    → ${ANSWER} (typed)`);
    expect(answered).toContain(`Echo: ${ANSWER}`);
    // The next reply scrolls the rows holding 👍🏽 up the transcript.
    bed.typeText('next');
    bed.keys('Enter');
    const scrolled = rows(await bed.waitFor('line 6 of the next reply'));
    expect(scrolled).toContain(`    → ${ANSWER} (typed)`);
    expect(scrolled).toContain(`Echo: ${ANSWER}`);
    // Every modifier on screen is still part of its emoji: none stands alone in a later row.
    for (const row of scrolled) expect(row.replace(/👍🏽/gu, '')).not.toMatch(/🏽/u);

    bed.typeText('/new');
    bed.keys('Enter');
    bed.typeText(HEART);
    await promptReads(`› ${HEART}`);
    bed.keys('Enter');
    const heart = rows(await bed.waitFor('Heart:'));
    expect(heart).toContain(`› ${HEART}`);
    expect(heart).toContain(`Heart: ${HEART}`);
  });
});

/** Waits for the prompt row to read `row`. */
async function promptReads(row: string, ms = 5000): Promise<void> {
  const until = Date.now() + ms;
  let screen = '';
  while (Date.now() < until) {
    screen = driver.capture(bed.session);
    if (promptRow(screen) === row) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`timed out waiting for the prompt ${JSON.stringify(row)}; screen:\n${screen}`);
}
