import { execFileSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { startOpenAIChatServer } from '@agent/testkit';
import { replTmuxBed } from './support/repl-tmux-bed';
import { REPL_MAIN } from './support/tmux-driver';

const bed = replTmuxBed('exit-e2e', { session: 'exit', scope: 'file' });
const { driver } = bed;
const ANSWER = 'Hello! Colours stay data: \x1b[31mRED\x1b[0m and {red-fg}tags{/red-fg}.';
const SHOWN = 'Hello! Colours stay data: RED and {red-fg}tags{/red-fg}.';

/** The whole pane: its scrollback and the visible screen. */
function scrollback(session: string, escapes = false): string {
  return driver.run('capture-pane', '-p', ...(escapes ? ['-e'] : []), '-S', '-', '-t', session);
}

/** The scrollback's lines as printed: rows the terminal wrapped joined again, trailing blanks cut. */
function printedLines(session: string): string[] {
  return driver
    .run('capture-pane', '-p', '-J', '-S', '-', '-t', session)
    .split('\n')
    .map((line) => line.trimEnd());
}

async function until(check: () => boolean, what: string, ms = 15000): Promise<void> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (check()) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** The pid of the REPL in a pane (the child of the pane's shell). */
function replPid(session: string): number {
  const shell = driver.run('display-message', '-p', '-t', session, '#{pane_pid}').trim();
  return Number(execFileSync('pgrep', ['-P', shell], { encoding: 'utf8' }).trim().split('\n')[0]);
}

describe('leaving the REPL (issue 13, item 2)', () => {
  beforeAll(async () => {
    bed.server = await startOpenAIChatServer([{ text: ANSWER }]);
  });

  const launch = (session: string, extra: string[] = []): void =>
    driver.start(session, bed.command(...extra), { cols: 100, rows: 20 });

  it('leaves the conversation and the resume command in the scrollback on /quit, SIGTERM, SIGHUP and Ctrl+C twice; never captures the mouse; /copy sends OSC 52', async () => {
    launch('first');
    driver.run('set-option', '-g', 'set-clipboard', 'on');
    await driver.waitFor('first', '· ready');
    expect(
      driver
        .run('display-message', '-p', '-t', 'first', '#{alternate_on} #{mouse_any_flag}')
        .trim(),
    ).toBe('1 0');

    driver.type('first', 'say hello');
    driver.keys('first', 'Enter');
    await driver.waitFor('first', SHOWN);
    driver.type('first', '/copy');
    driver.keys('first', 'Enter');
    const copied = await driver.waitFor('first', 'Copied the last answer (1 line)');
    expect(driver.run('show-buffer')).toBe(SHOWN);
    // Inside tmux it names the setting it needs, in plain words (no raw backticks).
    expect(copied.replace(/\s+/g, ' ')).toContain('"set -g set-clipboard on"');
    expect(copied).not.toContain('`');

    driver.type('first', '/quit');
    driver.keys('first', 'Enter');
    await until(() => scrollback('first').includes('Resume it with:'), 'the exit report');
    const [id] = readdirSync(path.join(bed.home, 'sessions')).map((f) => f.replace(/\.jsonl$/, ''));
    const first = scrollback('first').split('\n');
    expect(first).toContain('› say hello');
    expect(first).toContain(SHOWN);
    expect(first).toContain(`Session ${id} saved. Resume it with:`);
    // Started as `node …/main.js`: the command names that, since `agent` may not be on PATH.
    const resumeLine = `  node ${REPL_MAIN} --resume ${id} --cwd ${bed.workspace}`;
    const printed = printedLines('first');
    expect(printed).toContain(resumeLine);
    expect(printed.indexOf(SHOWN)).toBeLessThan(printed.indexOf(resumeLine));
    const coloured = scrollback('first', true);
    expect(coloured).not.toContain('\x1b[31mRED');
    expect(coloured).toContain('{red-fg}tags{/red-fg}');

    const ways: Array<[string, (session: string) => void]> = [
      ['sigterm', (s) => process.kill(replPid(s), 'SIGTERM')],
      ['sighup', (s) => process.kill(replPid(s), 'SIGHUP')],
      [
        'ctrl-c',
        (s) => {
          driver.keys(s, 'C-c');
          driver.keys(s, 'C-c');
        },
      ],
    ];
    for (const [session, leave] of ways) {
      launch(session, ['--resume', id!]);
      await driver.waitFor(session, `Resumed session ${id}`);
      await driver.waitFor(session, '· ready');
      leave(session);
      await until(
        () => scrollback(session).includes('Resume it with:'),
        `the exit report (${session})`,
      );
      const rows = scrollback(session).split('\n');
      expect(rows).toContain('› say hello');
      expect(rows).toContain(SHOWN);
      expect(printedLines(session)).toContain(resumeLine);
    }
    expect(readdirSync(path.join(bed.home, 'sessions'))).toHaveLength(1);
  }, 60000);

  it('--resume with an id that names no session exits 2 with a usage error, the screen never opened', async () => {
    const before = readdirSync(bed.home).includes('sessions')
      ? readdirSync(path.join(bed.home, 'sessions'))
      : [];
    const command = bed.command('--resume', 'nope');
    driver.start('unknown', `${command}; echo "exit=$?"`, { cols: 200, rows: 20 });
    const screen = await driver.waitFor('unknown', 'exit=');
    expect(screen).toContain('agent: --resume: no session matches "nope" in ');
    expect(screen).toContain('exit=2');
    expect(screen).not.toContain('· ready');
    const after = readdirSync(bed.home).includes('sessions')
      ? readdirSync(path.join(bed.home, 'sessions'))
      : [];
    expect(after).toEqual(before);
  }, 30000);
});
