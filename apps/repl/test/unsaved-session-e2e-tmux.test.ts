import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startOpenAIChatServer, type FakeServer } from '@agent/testkit';
import { replAgainstFake, TmuxDriver } from './support/tmux-driver';
import { occurrences } from './support/occurrences';

jest.setTimeout(60_000);

// A read-only AGENT_HOME is a real read-only file system here: a tiny tmpfs mounted `ro`.
// Mounting needs root (file modes do not stop root).
const isRoot = process.getuid?.() === 0;
const rootOnly = isRoot ? it : it.skip;
if (!isRoot) console.warn('unsaved-session-e2e-tmux: skipped, mounting a tmpfs needs root');

const driver = new TmuxDriver('unsaved-e2e');

describe('the REPL with a read-only AGENT_HOME (issue 26 item 15)', () => {
  let server: FakeServer | undefined;
  const made: Array<() => void> = [];

  afterEach(async () => {
    driver.kill();
    await server?.close();
    for (const undo of made.splice(0).reverse()) undo();
  });

  rootOnly('answers, says once that nothing is saved, and does not claim it was', async () => {
    server = await startOpenAIChatServer([{ text: 'Hello from the model.' }]);
    const home = mkdtempSync(path.join(os.tmpdir(), 'unsaved-e2e-home-'));
    made.push(() => rmdirSync(home));
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'ro,size=64k', 'tmpfs', home]);
    made.push(() => execFileSync('umount', [home]));
    const workspace = mkdtempSync(path.join(os.tmpdir(), 'unsaved-e2e-ws-'));
    made.push(() => rmSync(workspace, { recursive: true, force: true }));

    driver.start('ro', replAgainstFake({ serverUrl: server.url, agentHome: home, workspace }), {
      cols: 200,
      rows: 30,
    });
    await driver.waitFor('ro', '· ready');
    driver.type('ro', 'say hello');
    driver.keys('ro', 'Enter');
    const screen = await driver.waitFor('ro', 'Hello from the model.');
    expect(screen).toContain('The session is not saved');
    expect(occurrences(screen, 'The session is not saved')).toBe(1);
    expect(screen).toContain(`AGENT_HOME ${home}`);
    const told = screen.replace(/\s+/g, ' ');
    expect(told).toContain('is on a read-only file system (EROFS');
    expect(told).toContain('this session is not saved');
    expect(told).not.toContain('free disk space');

    driver.type('ro', '/quit');
    driver.keys('ro', 'Enter');
    // The exit report, left on the normal screen.
    const report = await driver.waitFor('ro', 'was not saved');
    expect(report).toMatch(/Session \S+ was not saved \(.+\): it cannot be resumed\./);
    expect(report).not.toContain('Resume it with');
  });
});
