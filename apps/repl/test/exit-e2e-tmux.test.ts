import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startOpenAIChatServer, type FakeServer } from '@agent/testkit';
import { replAgainstFake, TmuxDriver } from './support/tmux-driver';

const driver = new TmuxDriver('exit-e2e');
const ANSWER = 'Hello! Colours stay data: \x1b[31mRED\x1b[0m and {red-fg}tags{/red-fg}.';
const SHOWN = 'Hello! Colours stay data: RED and {red-fg}tags{/red-fg}.';

/** The whole pane: its scrollback and the visible screen. */
function scrollback(session: string, escapes = false): string {
  return driver.run('capture-pane', '-p', ...(escapes ? ['-e'] : []), '-S', '-', '-t', session);
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
  let server: FakeServer;
  let home: string;
  let workspace: string;

  beforeAll(async () => {
    server = await startOpenAIChatServer([{ text: ANSWER }]);
    home = mkdtempSync(path.join(os.tmpdir(), 'exit-e2e-home-'));
    workspace = mkdtempSync(path.join(os.tmpdir(), 'exit-e2e-ws-'));
  });

  afterAll(async () => {
    driver.kill();
    await server.close();
    rmSync(home, { recursive: true, force: true });
    rmSync(workspace, { recursive: true, force: true });
  });

  const launch = (session: string, extra: string[] = []): void =>
    driver.start(
      session,
      replAgainstFake({ serverUrl: server.url, agentHome: home, workspace, extra }),
      {
        cols: 100,
        rows: 20,
      },
    );

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
    const [id] = readdirSync(path.join(home, 'sessions')).map((f) => f.replace(/\.jsonl$/, ''));
    const first = scrollback('first').split('\n');
    expect(first).toContain('› say hello');
    expect(first).toContain(SHOWN);
    expect(first).toContain(`Session ${id} saved. Resume it with:`);
    expect(first).toContain(`  agent --resume ${id} --cwd ${workspace}`);
    expect(first.indexOf(SHOWN)).toBeLessThan(
      first.indexOf(`  agent --resume ${id} --cwd ${workspace}`),
    );
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
      expect(rows).toContain(`  agent --resume ${id} --cwd ${workspace}`);
    }
    expect(readdirSync(path.join(home, 'sessions'))).toHaveLength(1);
  }, 60000);

  it('--resume with an id that names no session exits 2 with a usage error, the screen never opened', async () => {
    const before = readdirSync(home).includes('sessions')
      ? readdirSync(path.join(home, 'sessions'))
      : [];
    const command = replAgainstFake({
      serverUrl: server.url,
      agentHome: home,
      workspace,
      extra: ['--resume', 'nope'],
    });
    driver.start('unknown', `${command}; echo "exit=$?"`, { cols: 200, rows: 20 });
    const screen = await driver.waitFor('unknown', 'exit=');
    expect(screen).toContain('agent: --resume: no session matches "nope" in ');
    expect(screen).toContain('exit=2');
    expect(screen).not.toContain('· ready');
    const after = readdirSync(home).includes('sessions')
      ? readdirSync(path.join(home, 'sessions'))
      : [];
    expect(after).toEqual(before);
  }, 30000);
});
