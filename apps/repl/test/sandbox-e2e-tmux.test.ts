import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startOpenAIChatServer, type FakeServer } from '@agent/testkit';
import { bwrapForTests, processesWith } from '@agent/tools/testing';
import { replAgainstFake, TmuxDriver } from './support/tmux-driver';

const driver = new TmuxDriver('repl-sandbox');
const describeSandbox = bwrapForTests() ? describe : describe.skip;

/** The `tool` messages of a recorded request, by call id. */
function results(server: FakeServer, index: number): Record<string, string> {
  const messages: Array<Record<string, any>> = server.requests[index]!.body.messages;
  return Object.fromEntries(
    messages.filter((m) => m.role === 'tool').map((m) => [m.tool_call_id, String(m.content)]),
  );
}

describeSandbox('the sandbox in the REPL, end to end in tmux (real bubblewrap)', () => {
  let server: FakeServer | undefined;
  let home: string;
  let workspace: string;
  let outside: string;

  beforeAll(() => {
    home = mkdtempSync(path.join(os.tmpdir(), 'repl-sandbox-home-'));
    workspace = mkdtempSync(path.join(os.tmpdir(), 'repl-sandbox-ws-'));
    // Outside the workspace and outside /tmp (the sandbox's /tmp is a private one).
    outside = mkdtempSync('/var/tmp/repl-sandbox-outside-');
    writeFileSync(
      path.join(workspace, 'package.json'),
      JSON.stringify({ name: 'demo', private: true, scripts: { test: 'node --test' } }),
    );
    writeFileSync(
      path.join(workspace, 'ok.test.js'),
      "require('node:test')('ok', () => require('node:fs').writeFileSync('ran.txt', 'yes'));\n",
    );
  });

  afterAll(async () => {
    driver.kill();
    await server?.close();
    for (const dir of [home, workspace, outside]) rmSync(dir, { recursive: true, force: true });
  });

  it('tests run sandboxed; a blocked write is run outside once from the card; Esc kills a sandboxed command', async () => {
    const target = path.join(outside, 'approved.txt');
    const marker = '60.7731';
    server = await startOpenAIChatServer([
      { toolCalls: [{ id: 'call_test', name: 'run_shell', arguments: { command: 'npm test' } }] },
      {
        toolCalls: [
          { id: 'call_out', name: 'run_shell', arguments: { command: `touch ${target}` } },
        ],
      },
      { text: 'Both done.' },
      {
        toolCalls: [
          { id: 'call_long', name: 'run_shell', arguments: { command: `sleep ${marker}` } },
        ],
      },
      { text: 'never reached' },
    ]);
    driver.start(
      'one',
      replAgainstFake({
        serverUrl: server.url,
        agentHome: home,
        workspace,
        extra: [
          '--sandbox',
          'on',
          '--allow',
          'run_shell(npm test)',
          '--allow',
          'run_shell(sleep)',
          '--allow',
          'run_shell(touch)',
        ],
      }),
    );
    // The status line names the mode until the first command probes bubblewrap.
    await driver.waitFor('one', 'sandbox on');
    driver.type('one', 'test, then write outside');
    driver.keys('one', 'Enter');
    // The allow rule covers `touch`, inside the sandbox only: leaving it still asks.
    const card = await driver.waitFor('one', 'Run once outside it?');
    expect(card).toContain('Yes, run it again once outside the sandbox');
    expect(results(server, 1).call_test).toMatch(
      /\bpass 1\b[\s\S]*\[exit code 0; ran sandboxed\]$/,
    );
    expect(readFileSync(path.join(workspace, 'ran.txt'), 'utf8')).toBe('yes');
    expect(existsSync(target)).toBe(false);
    driver.type('one', 'y');
    driver.keys('one', 'Enter');
    await driver.waitFor('one', 'Both done.');
    expect(existsSync(target)).toBe(true);
    expect(results(server, 2).call_out).toContain(
      'The person approved running it once outside the sandbox',
    );

    driver.type('one', 'now wait');
    driver.keys('one', 'Enter');
    for (let i = 0; i < 400 && processesWith(marker).length === 0; i++) {
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    expect(processesWith(marker)).toHaveLength(1);
    driver.keys('one', 'Escape');
    await driver.waitFor('one', 'Interrupted');
    for (let i = 0; i < 200 && processesWith(marker).length > 0; i++) {
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    expect(processesWith(marker)).toEqual([]);
  });
});
