import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startOpenAIChatServer, type FakeServer } from '@agent/testkit';
import { replAgainstFake, TmuxDriver } from './support/tmux-driver';

const driver = new TmuxDriver('repl-rules');

/** The `tool` messages of a recorded request, by call id. */
function results(server: FakeServer, index: number): Record<string, string> {
  const messages: Array<Record<string, any>> = server.requests[index]!.body.messages;
  return Object.fromEntries(
    messages.filter((m) => m.role === 'tool').map((m) => [m.tool_call_id, String(m.content)]),
  );
}

describe('permission rules in the REPL, end to end in tmux', () => {
  const servers: FakeServer[] = [];
  let home: string;
  let workspace: string;

  beforeAll(() => {
    home = mkdtempSync(path.join(os.tmpdir(), 'repl-rules-home-'));
    workspace = mkdtempSync(path.join(os.tmpdir(), 'repl-rules-ws-'));
    writeFileSync(
      path.join(workspace, 'package.json'),
      JSON.stringify({
        name: 'rules-demo',
        private: true,
        scripts: { test: 'echo suite-$((20+22))' },
      }),
    );
  });

  afterAll(async () => {
    driver.kill();
    await Promise.all(servers.map((server) => server.close()));
    rmSync(home, { recursive: true, force: true });
    rmSync(workspace, { recursive: true, force: true });
  });

  it('"always for npm test" saved for the workspace runs npm test without a card after a restart; npm publish still asks', async () => {
    const first = await startOpenAIChatServer([
      { toolCalls: [{ id: 'call_t1', name: 'run_shell', arguments: { command: 'npm test' } }] },
      { text: 'First run done.' },
    ]);
    servers.push(first);
    driver.start('one', replAgainstFake({ serverUrl: first.url, agentHome: home, workspace }));
    await driver.waitFor('one', 'openai-chat/fake-model');
    driver.type('one', 'run the tests');
    driver.keys('one', 'Enter');
    const card = await driver.waitFor('one', 'Always allow run_shell(npm test) in this workspace');
    expect(card).toContain('npm test');
    driver.type('one', 'w');
    driver.keys('one', 'Enter');
    await driver.waitFor('one', 'First run done.');
    expect(results(first, 1).call_t1).toContain('suite-42');
    const settings = JSON.parse(
      readFileSync(path.join(workspace, '.agent', 'settings.json'), 'utf8'),
    );
    expect(settings).toEqual({ permissions: { allow: ['run_shell(npm test)'] } });
    driver.type('one', '/quit');
    driver.keys('one', 'Enter');
    await driver.waitFor('one', 'agent --resume');

    const second = await startOpenAIChatServer([
      { toolCalls: [{ id: 'call_t2', name: 'run_shell', arguments: { command: 'npm test' } }] },
      {
        toolCalls: [
          { id: 'call_pub', name: 'run_shell', arguments: { command: 'npm publish --dry-run' } },
        ],
      },
      { text: 'Second run done.' },
    ]);
    servers.push(second);
    driver.start('two', replAgainstFake({ serverUrl: second.url, agentHome: home, workspace }));
    await driver.waitFor('two', 'openai-chat/fake-model');
    driver.type('two', 'test and publish');
    driver.keys('two', 'Enter');
    const asked = await driver.waitFor('two', 'Yes, allow once');
    expect(asked).toContain('npm publish --dry-run');
    expect(results(second, 1).call_t2).toContain('suite-42');
    driver.keys('two', 'Escape');
    await driver.waitFor('two', 'Second run done.');
    expect(results(second, 2).call_pub).toContain('denied');
  }, 60_000);
});
