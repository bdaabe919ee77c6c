import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { startOpenAIChatServer } from '@agent/testkit';
import { replTmuxBed } from './support/repl-tmux-bed';

const bed = replTmuxBed('shift-tab-cards', { session: 'shift-tab-cards' });
const { keys, typeText, waitFor } = bed;

function sessionText(): string {
  const dir = path.join(bed.home, 'sessions');
  return readdirSync(dir)
    .map((file) => readFileSync(path.join(dir, file), 'utf8'))
    .join('\n');
}

describe('Shift+Tab on a card cycles the mode (issue 38, item 4)', () => {
  it('an edit card closes and the edit runs when Shift+Tab reaches accept edits; a command card stays', async () => {
    bed.server = await startOpenAIChatServer([
      {
        toolCalls: [
          { id: 'w1', name: 'write_file', arguments: { path: 'notes.md', content: 'ok\n' } },
        ],
      },
      { toolCalls: [{ id: 's1', name: 'run_shell', arguments: { command: 'touch ran.txt' } }] },
      { text: 'All done.' },
    ]);
    bed.launch({ cols: 100, rows: 30 });
    const idle = await waitFor('default mode');
    expect(idle).toContain('shift+tab');
    typeText('write the notes, then run a command');
    keys('Enter');
    await waitFor('notes.md');
    await waitFor('Allow');
    expect(existsSync(path.join(bed.workspace, 'notes.md'))).toBe(false);
    keys('BTab');
    // The mode approves the waiting edit: the card closes, the file is written.
    await waitFor('accept edits mode');
    const ran = await waitFor('Allowed by accept-edits mode · Ran write notes.md');
    expect(ran).not.toContain('Not answered');
    const commandCard = await waitFor('Allow running?');
    expect(readFileSync(path.join(bed.workspace, 'notes.md'), 'utf8')).toBe('ok\n');
    expect(sessionText()).toMatch(/"type":"settings"[^\n]*"mode":"accept-edits"/);
    // Neither plan nor default approves a command: the card stays, the badge changes.
    expect(commandCard).toContain('Allow');
    keys('BTab');
    const plan = await waitFor('plan mode');
    expect(plan).toContain('touch ran.txt');
    expect(plan).toContain('Allow');
    expect(existsSync(path.join(bed.workspace, 'ran.txt'))).toBe(false);
    keys('BTab');
    await waitFor('default mode');
    typeText('y');
    keys('Enter');
    await waitFor('All done.');
  }, 120_000);

  it('on a questionnaire card, Shift+Tab is the previous question (ASK_USER.md §9) and the mode stays', async () => {
    bed.server = await startOpenAIChatServer([
      {
        toolCalls: [
          {
            id: 'q1',
            name: 'ask_user',
            arguments: {
              questions: [
                { question: 'Which name?', options: ['Ada', 'Bob'] },
                { question: 'Which team?', options: ['Core', 'Web'] },
              ],
            },
          },
        ],
      },
      { text: 'Noted.' },
    ]);
    bed.launch({ cols: 100, rows: 30 });
    await waitFor('default mode');
    typeText('ask me');
    keys('Enter');
    await waitFor('Which name?');
    keys('Tab');
    await waitFor('Question 2 of 2');
    keys('Down', 'Down');
    typeText('Grace Hopper');
    await waitFor('Grace Hopper');
    keys('BTab');
    const back = await waitFor('Question 1 of 2');
    expect(back).toContain('default mode');
    expect(back).not.toContain('accept edits mode');
    keys('Tab');
    // What was typed on question 2 is still there.
    await waitFor('Grace Hopper');
  }, 120_000);
});
