import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { startOpenAIChatServer, type FakeServer } from '@agent/testkit';
import { replTmuxBed } from './support/repl-tmux-bed';

jest.setTimeout(90_000);

/** The screen's last non-blank row: the status line. */
function statusRow(screen: string): string {
  return screen.trimEnd().split('\n').at(-1) ?? '';
}

describe('what a daily user sees while a turn runs, in tmux', () => {
  const bed = replTmuxBed('repl-daily-user', { session: 'du', sessionPerLaunch: true });

  async function launch(
    size: { cols: number; rows: number },
    turns: Parameters<typeof startOpenAIChatServer>[0],
    ...extra: string[]
  ): Promise<FakeServer> {
    const server = (bed.server = await startOpenAIChatServer(turns));
    bed.launch(size, ...extra);
    await bed.waitFor('· ready');
    return server;
  }

  it.each([
    { cols: 100, rows: 30 },
    { cols: 80, rows: 24 },
  ])(
    'keeps "Esc or Ctrl+C interrupts" on the status line while a turn runs at $cols columns',
    async (size) => {
      await launch(size, [{ text: 'Thinking about it', fault: { kind: 'hang', afterEvents: 2 } }]);
      bed.typeText('take your time');
      bed.keys('Enter');
      const screen = await bed.waitFor('working');
      expect(statusRow(screen)).toContain('Esc or Ctrl+C interrupts');
    },
  );

  it('an interrupted command shows the person a short line, and the model gets its own text', async () => {
    const server = await launch(
      { cols: 100, rows: 30 },
      [
        {
          toolCalls: [
            { id: 's1', name: 'run_shell', arguments: { command: 'echo started; sleep 30' } },
          ],
        },
        { text: 'Understood, doing something else.' },
      ],
      '--allow',
      'run_shell(echo started; sleep 30)',
      '--sandbox',
      'off',
    );
    bed.typeText('run the slow thing');
    bed.keys('Enter');
    await bed.waitFor('started');
    bed.keys('Escape');
    const screen = await bed.waitFor('Interrupted. Tell the agent what to do instead.');
    expect(screen).not.toContain('the person stopped the turn');
    bed.typeText('do something else');
    bed.keys('Enter');
    await bed.waitFor('Understood, doing something else.');
    expect(JSON.stringify(server.requests[1]!.body.messages)).toContain(
      'interrupted: the person stopped the turn before run_shell finished',
    );
  });

  it('a project set up for Claude Code works unchanged: its CLAUDE.md reaches the model, labelled', async () => {
    writeFileSync(path.join(bed.workspace, 'CLAUDE.md'), 'Always answer in haiku.\n');
    const server = await launch({ cols: 100, rows: 30 }, [{ text: 'Five seven five.' }]);
    bed.typeText('hello');
    bed.keys('Enter');
    await bed.waitFor('Five seven five.');
    const system = JSON.stringify(server.requests[0]!.body.messages[0]);
    expect(system).toContain('--- CLAUDE.md ---\\nAlways answer in haiku.');
  });
});
