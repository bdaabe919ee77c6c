import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { startOpenAIChatServer } from '@agent/testkit';
import { replAgainstFake } from './support/tmux-driver';
import { replTmuxBed } from './support/repl-tmux-bed';

const bed = replTmuxBed('repl-cards', { session: 'cards', scope: 'file' });
const { driver } = bed;

describe('a long diff on a permission card in tmux', () => {
  const content =
    Array.from({ length: 120 }, (_, i) => `row ${i + 1} of the file`).join('\n') + '\n';

  beforeAll(async () => {
    bed.server = await startOpenAIChatServer([
      {
        text: 'Writing the long file.',
        toolCalls: [
          { id: 'call_long', name: 'write_file', arguments: { path: 'long.txt', content } },
        ],
      },
      { text: 'The long file is written.' },
    ]);
  });

  it('is scrolled to its last line with PgDn before approving', async () => {
    driver.start('cards', bed.command());
    await driver.waitFor('cards', 'openai-chat/fake-model');
    driver.type('cards', 'write the long file');
    driver.keys('cards', 'Enter');
    const card = await driver.waitFor('cards', 'Yes, allow once');
    expect(card).toContain('row 1 of the file');
    expect(card).not.toContain('row 120 of the file');
    let screen = card;
    for (let i = 0; i < 15 && !screen.includes('(end)'); i++) {
      driver.keys('cards', 'NPage');
      await new Promise((resolve) => setTimeout(resolve, 150));
      screen = driver.capture('cards');
    }
    expect(screen).toMatch(/120 \+ row 120 of the file/);
    expect(screen).toContain('(end)');
    expect(screen).toContain('Yes, allow once');
    expect(existsSync(path.join(bed.workspace, 'long.txt'))).toBe(false);
    driver.keys('cards', 'Enter');
    await driver.waitFor('cards', 'The long file is written.');
    expect(readFileSync(path.join(bed.workspace, 'long.txt'), 'utf8')).toBe(content);
  });

  it('renders a streamed Markdown table as a table', async () => {
    const tables = await startOpenAIChatServer([
      {
        text: [
          'Results:\n\n| Test | Time |\n|---',
          '|---:|\n| unit | 1.2 s |\n| e2e | 14 s |\n\nDone.',
        ],
      },
    ]);
    try {
      driver.start(
        'table',
        replAgainstFake({ serverUrl: tables.url, agentHome: bed.home, workspace: bed.workspace }),
      );
      await driver.waitFor('table', 'openai-chat/fake-model');
      driver.type('table', 'show the timings');
      driver.keys('table', 'Enter');
      const screen = await driver.waitFor('table', 'Done.');
      expect(screen).toContain(
        [
          '┌──────┬───────┐',
          '│ Test │  Time │',
          '├──────┼───────┤',
          '│ unit │ 1.2 s │',
          '│ e2e  │  14 s │',
          '└──────┴───────┘',
        ].join('\n'),
      );
    } finally {
      await tables.close();
    }
  });
});
