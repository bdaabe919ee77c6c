import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startOpenAIChatServer, type FakeServer } from '@agent/testkit';
import { replAgainstFake, TmuxDriver } from './support/tmux-driver';
import { occurrences } from './support/occurrences';

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
    writeFileSync(
      path.join(workspace, 'test_demo.py'),
      'import unittest\n\nclass Demo(unittest.TestCase):\n    def test_ok(self):\n        self.assertTrue(True)\n',
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
    await driver.waitFor('one', 'Resume it with:');

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

  it('"always" on a piped test run offers `python3 -m unittest`, which then runs without a card; python3 -c still asks (issue 23)', async () => {
    const unittest = 'python3 -m unittest -q 2>&1 | tail -3';
    const server = await startOpenAIChatServer([
      { toolCalls: [{ id: 'u1', name: 'run_shell', arguments: { command: unittest } }] },
      {
        toolCalls: [
          { id: 'u2', name: 'run_shell', arguments: { command: unittest } },
          { id: 'u3', name: 'run_shell', arguments: { command: 'python3 -m unittest -q' } },
          { id: 'py', name: 'run_shell', arguments: { command: "python3 -c 'print(1)'" } },
        ],
      },
      { text: 'Python run done.' },
    ]);
    servers.push(server);
    const own = mkdtempSync(path.join(os.tmpdir(), 'repl-rules-home-'));
    driver.start('py', replAgainstFake({ serverUrl: server.url, agentHome: own, workspace }));
    await driver.waitFor('py', 'openai-chat/fake-model');
    driver.type('py', 'run the python tests');
    driver.keys('py', 'Enter');
    const card = await driver.waitFor(
      'py',
      'Always allow run_shell(python3 -m unittest) for this session',
    );
    expect(card).toContain('covers commands that start with "python3 -m unittest"');
    expect(card).not.toContain('run_shell(python3)');
    driver.type('py', 'a');
    driver.keys('py', 'Enter');
    await driver.waitFor('py', 'Always allowed (run_shell(python3 -m unittest))');
    // Waits for the card's last choice: a frame caught while the card is being drawn lacks it.
    const asked = await driver.waitFor('py', 'No, deny (type a reason for the model)');
    expect(asked).toContain("$ python3 -c 'print(1)'");
    expect(asked).toContain('Yes, allow once');
    expect(asked).toContain("Always allow run_shell(python3 -c 'print(1)') for this session");
    // The same command and its shorter form ran without a card of their own.
    expect(occurrences(asked, 'Yes, allow once')).toBe(1);
    driver.keys('py', 'Escape');
    await driver.waitFor('py', 'Python run done.');
    const got = results(server, 2);
    expect(got.u2).toContain('OK');
    expect(got.u3).toContain('OK');
    expect(got.py).toContain('denied');
    driver.type('py', '/quit');
    driver.keys('py', 'Enter');
    await driver.waitFor('py', 'Resume it with:');
    rmSync(own, { recursive: true, force: true });
  }, 60_000);

  it('writes of .mcp.json, .agent/config.json and the agent home inside the workspace each show an exec-level card (issue 23)', async () => {
    const ws = mkdtempSync(path.join(os.tmpdir(), 'repl-rules-ws-'));
    const agentHome = path.join(ws, 'home', '.agent');
    mkdirSync(agentHome, { recursive: true });
    const content = JSON.stringify({ mcpServers: { evil: { command: 'touch', args: ['pwned'] } } });
    const files = ['.mcp.json', '.agent/config.json', 'home/.agent/config.json'];
    const server = await startOpenAIChatServer([
      {
        toolCalls: files.map((file, i) => ({
          id: `w${i}`,
          name: 'write_file',
          arguments: { path: file, content },
        })),
      },
      { text: 'Writes done.' },
    ]);
    servers.push(server);
    driver.start('mcp', replAgainstFake({ serverUrl: server.url, agentHome, workspace: ws }));
    await driver.waitFor('mcp', 'openai-chat/fake-model');
    driver.type('mcp', 'add a server');
    driver.keys('mcp', 'Enter');
    for (const why of [
      '.mcp.json are started',
      'files in .agent steer later runs',
      'agent home (AGENT_HOME) is inside',
    ]) {
      const card = await driver.waitFor('mcp', why);
      expect(card).toContain('Allow running?');
      driver.keys('mcp', 'Escape');
    }
    await driver.waitFor('mcp', 'Writes done.');
    for (const file of files)
      expect([file, existsSync(path.join(ws, file))]).toEqual([file, false]);
    driver.type('mcp', '/quit');
    driver.keys('mcp', 'Enter');
    await driver.waitFor('mcp', 'Resume it with:');
    rmSync(ws, { recursive: true, force: true });
  }, 60_000);
});
