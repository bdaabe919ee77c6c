import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startOpenAIChatServer, type FakeServer, type ScriptedTurn } from '@agent/testkit';
import { replAgainstFake, TmuxDriver } from './support/tmux-driver';

const driver = new TmuxDriver('repl-steering');

/** A command that runs until the test creates `go` in the workspace. */
const WAIT_FOR_GO = 'while [ ! -f go ]; do sleep 0.05; done; echo step one';

/** Who said what in request `index`, in order: `user:text`, `tool:output`, `assistant:text`. */
function said(server: FakeServer, index: number): string[] {
  const messages: Array<{ role: string; content: unknown }> = server.requests[index]!.body.messages;
  return messages
    .filter((m) => m.role !== 'system')
    .map((m) => `${m.role}:${typeof m.content === 'string' ? m.content.split('\n')[0] : ''}`);
}

describe('steering a running turn (tmux, 80x24)', () => {
  let home: string;
  let workspace: string;
  let server: FakeServer | undefined;

  beforeEach(() => {
    home = mkdtempSync(path.join(os.tmpdir(), 'repl-steer-home-'));
    workspace = mkdtempSync(path.join(os.tmpdir(), 'repl-steer-ws-'));
  });
  afterEach(async () => {
    driver.kill();
    await server?.close();
    server = undefined;
    rmSync(home, { recursive: true, force: true });
    rmSync(workspace, { recursive: true, force: true });
  });

  async function launch(name: string, turns: ScriptedTurn[], extra: string[] = []) {
    server ??= await startOpenAIChatServer(turns);
    const command = replAgainstFake({
      serverUrl: server.url,
      agentHome: home,
      workspace,
      // Unsandboxed: the command row is then the same with and without bubblewrap.
      extra: ['--allow', 'run_shell', '--sandbox', 'off', ...extra],
    });
    driver.start(name, command, { cols: 80, rows: 24 });
    await driver.waitFor(name, '· ready');
  }

  it('a message sent during a two-step turn reaches its second request, and replays in place', async () => {
    await launch('steer', [
      { toolCalls: [{ id: 'c1', name: 'run_shell', arguments: { command: WAIT_FOR_GO } }] },
      { text: 'Second step: checked the docs too.' },
      { text: 'Summary: all good.' },
      { text: 'Still here.' },
    ]);
    driver.type('steer', 'start the work');
    driver.keys('steer', 'Enter');
    // The first request has been answered once its command shows as running.
    await driver.waitFor('steer', 'Running');
    driver.type('steer', 'also check the docs');
    driver.keys('steer', 'Enter');
    await driver.waitFor('steer', '⤷ into this turn: also check the docs');
    // Tab queues for after the turn, as before.
    driver.type('steer', 'then summarise');
    driver.keys('steer', 'Tab');
    await driver.waitFor('steer', '⧗ queued: then summarise');
    expect(server!.requests).toHaveLength(1);
    writeFileSync(path.join(workspace, 'go'), '');
    await driver.waitFor('steer', 'Summary: all good.');
    expect(said(server!, 1)).toEqual([
      'user:start the work',
      'assistant:',
      'tool:step one',
      'user:also check the docs',
    ]);
    expect(said(server!, 2).slice(-2)).toEqual([
      'assistant:Second step: checked the docs too.',
      'user:then summarise',
    ]);
    const live = driver.capture('steer');
    expect(live).toMatch(
      /› start the work\n✓ \$ while .* · exit 0 (?:· sandboxed )?· [\d.]+ s\n\s+step one\n\n› also check the docs\nSecond step: checked the docs too\.\n\n› then summarise\nSummary: all good\./,
    );
    // Esc, then Enter once the menu is gone: an Esc and an Enter read together are Alt+Enter.
    driver.type('steer', '/quit');
    await driver.waitFor('steer', 'save and exit');
    driver.keys('steer', 'Escape');
    await driver.waitGone('steer', 'save and exit');
    driver.keys('steer', 'Enter');
    await driver.waitFor('steer', '--resume');

    await launch('again', [], ['--continue']);
    const replayed = await driver.waitFor('again', 'Resumed session');
    expect(replayed).toMatch(
      /› start the work\n✓ \$ while .* · exit 0\n\n› also check the docs\nSecond step: checked the docs too\.\n\n› then summarise\nSummary: all good\./,
    );
    driver.type('again', 'anything else?');
    driver.keys('again', 'Enter');
    await driver.waitFor('again', 'Still here.');
    // Resumed, the tool's raw output is its status line (as for every resumed call).
    expect(said(server!, 3).map((line) => (line.startsWith('tool:') ? 'tool' : line))).toEqual([
      'user:start the work',
      'assistant:',
      'tool',
      'user:also check the docs',
      'assistant:Second step: checked the docs too.',
      'user:then summarise',
      'assistant:Summary: all good.',
      'user:anything else?',
    ]);
  });

  it('an interrupt gives the messages the turn never took back to the input', async () => {
    await launch('stop', [
      { toolCalls: [{ id: 'c1', name: 'run_shell', arguments: { command: WAIT_FOR_GO } }] },
      { text: 'never asked' },
    ]);
    driver.type('stop', 'start the work');
    driver.keys('stop', 'Enter');
    await driver.waitFor('stop', 'Running');
    driver.type('stop', 'also check the docs');
    driver.keys('stop', 'Enter');
    await driver.waitFor('stop', '⤷ into this turn: also check the docs');
    driver.keys('stop', 'C-c');
    const screen = await driver.waitFor('stop', '› also check the docs');
    expect(screen).not.toContain('⤷ into this turn');
    expect(screen).toContain('■ Interrupted.');
    expect(server!.requests).toHaveLength(1);
  });
});
