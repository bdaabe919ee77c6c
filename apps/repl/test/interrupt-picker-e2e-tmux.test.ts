import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startOpenAIChatServer, type FakeServer } from '@agent/testkit';
import { replAgainstFake, TmuxDriver } from './support/tmux-driver';

const driver = new TmuxDriver('repl-esc');

/** The `tool` messages of a recorded request, by call id. */
function results(server: FakeServer, index: number): Record<string, string> {
  const messages: Array<Record<string, any>> = server.requests[index]!.body.messages;
  return Object.fromEntries(
    messages.filter((m) => m.role === 'tool').map((m) => [m.tool_call_id, String(m.content)]),
  );
}

describe('Esc and /resume in tmux against the openai-chat fake', () => {
  const servers: FakeServer[] = [];
  let home: string;
  let workspace: string;

  beforeAll(() => {
    home = mkdtempSync(path.join(os.tmpdir(), 'repl-esc-home-'));
    workspace = mkdtempSync(path.join(os.tmpdir(), 'repl-esc-ws-'));
  });

  afterAll(async () => {
    driver.kill();
    await Promise.all(servers.map((server) => server.close()));
    rmSync(home, { recursive: true, force: true });
    rmSync(workspace, { recursive: true, force: true });
  });

  it('Esc with `sleep 40` running returns to the prompt within a second; the fake then gets the paired result', async () => {
    const server = await startOpenAIChatServer([
      {
        toolCalls: [
          {
            id: 'call_sleep',
            name: 'run_shell',
            arguments: { command: 'echo started-$((40 + 2)); sleep 40' },
          },
        ],
      },
      { text: 'Noted: you stopped the sleep.' },
    ]);
    servers.push(server);
    driver.start('esc', replAgainstFake({ serverUrl: server.url, agentHome: home, workspace }));
    await driver.waitFor('esc', 'openai-chat/fake-model');
    driver.type('esc', 'wait a while');
    driver.keys('esc', 'Enter');
    // echo and sleep are known read-only commands: no card (issue 23).
    expect(await driver.waitFor('esc', 'started-42')).not.toContain('Yes, allow once');
    const pressed = Date.now();
    driver.keys('esc', 'Escape');
    await driver.waitFor('esc', 'Interrupted.', 5000);
    await driver.waitFor('esc', '· ready', 5000);
    expect(Date.now() - pressed).toBeLessThan(1000);
    driver.type('esc', 'go on');
    driver.keys('esc', 'Enter');
    await driver.waitFor('esc', 'Noted: you stopped the sleep.');
    const result = results(server, 1).call_sleep!;
    expect(result).toMatch(/^interrupted: /);
    expect(result).toContain('started-42');
    driver.type('esc', '/quit');
    driver.keys('esc', 'Enter');
    await driver.waitFor('esc', 'Resume it with:');
  }, 60_000);

  it('/resume opens the session picker; typing filters and Enter resumes', async () => {
    const server = await startOpenAIChatServer([]);
    servers.push(server);
    driver.start('pick', replAgainstFake({ serverUrl: server.url, agentHome: home, workspace }));
    await driver.waitFor('pick', 'openai-chat/fake-model');
    driver.type('pick', '/resume');
    driver.keys('pick', 'Enter');
    await driver.waitFor('pick', 'Resume a session');
    driver.type('pick', 'wait a');
    const picker = await driver.waitFor('pick', 'filter: wait a');
    expect(picker).toContain('wait a while');
    driver.keys('pick', 'Enter');
    await driver.waitFor('pick', 'Resumed session');
  }, 60_000);
});
