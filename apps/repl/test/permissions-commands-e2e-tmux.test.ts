import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { startOpenAIChatServer } from '@agent/testkit';
import { replTmuxBed } from './support/repl-tmux-bed';

const bed = replTmuxBed('permissions-commands', { session: 'permissions-commands' });
const { keys, typeText, waitFor } = bed;

function command(text: string): void {
  typeText(text);
  keys('Enter');
}

describe('/permissions add and remove (issue 38, item 8)', () => {
  it('a deny rule added with /permissions add refuses the command at once; remove takes it out of the file', async () => {
    bed.server = await startOpenAIChatServer([
      { toolCalls: [{ id: 's1', name: 'run_shell', arguments: { command: 'touch blocked.txt' } }] },
      { text: 'It was refused.' },
    ]);
    bed.launch({ cols: 100, rows: 30 });
    await waitFor('default mode');
    command('/permissions add workspace deny run_shell(touch blocked.txt)');
    await waitFor(
      'Added the deny rule run_shell(touch blocked.txt) (saved in the workspace settings).',
    );
    const file = path.join(bed.workspace, '.agent', 'settings.json');
    expect(JSON.parse(readFileSync(file, 'utf8')).permissions.deny).toEqual([
      'run_shell(touch blocked.txt)',
    ]);
    typeText('make the file');
    keys('Enter');
    const refused = await waitFor('It was refused.');
    expect(refused).not.toContain('Allow running?');
    expect(bed.server.requests[1]?.body?.messages?.at(-1)?.content).toContain(
      'run_shell(touch blocked.txt)',
    );
    expect(existsSync(path.join(bed.workspace, 'blocked.txt'))).toBe(false);
    command('/permissions list');
    await waitFor('1. deny  run_shell(touch blocked.txt)');
    command('/permissions remove 1');
    await waitFor('Removed the deny rule run_shell(touch blocked.txt)');
    expect(JSON.parse(readFileSync(file, 'utf8')).permissions.deny).toEqual([]);
  }, 120_000);
});
