import { mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { hostileMcpStdio, startOpenAIChatServer, type FakeServer } from '@agent/testkit';
import { replAgainstFake, TmuxDriver } from './support/tmux-driver';

jest.setTimeout(120_000);

const driver = new TmuxDriver('tool-budget-e2e');

function toolNames(server: FakeServer, index: number): string[] {
  const tools = (server.requests[index]?.body?.tools ?? []) as Array<{
    function: { name: string };
  }>;
  return tools.map((tool) => tool.function.name);
}

describe('more MCP tools than a request carries, in the REPL at 80x24 (issue 26 item 9)', () => {
  let server: FakeServer;
  let home: string;
  let workspace: string;

  beforeAll(async () => {
    server = await startOpenAIChatServer([{ text: 'First answer.' }, { text: 'Second answer.' }]);
    home = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'tool-budget-home-')));
    workspace = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'tool-budget-ws-')));
    writeFileSync(
      path.join(home, 'config.json'),
      JSON.stringify({
        mcpServers: {
          big: hostileMcpStdio('many-tools', '1000'),
          small: hostileMcpStdio('many-tools', '2'),
        },
      }),
    );
  });

  afterAll(async () => {
    driver.kill();
    await server.close();
    rmSync(home, { recursive: true, force: true });
    rmSync(workspace, { recursive: true, force: true });
  });

  it('says what was left out, /mcp tools withholds a server, the next request and the next session leave its tools out', async () => {
    const start = (session: string) =>
      driver.start(
        session,
        replAgainstFake({ serverUrl: server.url, agentHome: home, workspace }),
        {
          cols: 80,
          rows: 24,
        },
      );
    start('one');
    let screen = await driver.waitFor('one', 'Tools left out', 30_000);
    expect(screen.replace(/\s+/g, ' ')).toMatch(
      /Tools left out: \d+ of the 1001 tools of MCP server big \(tool schemas may take at most 25% of fake-model's 128,000-token context window\); \d+ tools are offered\. \/mcp tools chooses which servers' tools are offered\./,
    );

    driver.type('one', '/mcp tools');
    driver.keys('one', 'Enter');
    screen = await driver.waitFor('one', "MCP servers' tools (● offered)");
    expect(screen).toMatch(/❯ ● big\s+· 1001 tools · \d+ offered, the rest left out by the tool/);
    expect(screen).toMatch(/● small\s+· 3 tools · offered/);
    driver.keys('one', 'Space');
    screen = await driver.waitFor('one', "big's tools are no longer offered to the model.");
    expect(screen).toMatch(/❯ {3}big\s+· 1001 tools · not offered/);
    driver.keys('one', 'Escape');
    await driver.waitFor('one', 'ready');

    driver.type('one', 'hello');
    driver.keys('one', 'Enter');
    await driver.waitFor('one', 'First answer.');
    const first = toolNames(server, 0);
    expect(first.filter((name) => name.startsWith('mcp__big__'))).toEqual([]);
    expect(first.filter((name) => name.startsWith('mcp__small__'))).toEqual([
      'mcp__small__ping',
      'mcp__small__tool_1',
      'mcp__small__tool_2',
    ]);
    expect(JSON.parse(readFileSync(path.join(home, 'settings.json'), 'utf8'))).toEqual({
      mcp: { withholdTools: ['big'] },
    });
    await driver.quitRepl('one');

    // A new session keeps the choice: nothing is left out, big is listed as not offered.
    start('two');
    await driver.waitFor('two', 'ready');
    let listed = '';
    for (let tries = 0; tries < 60 && !listed.includes('not offered to the model'); tries++) {
      driver.type('two', '/mcp');
      driver.keys('two', 'Enter');
      await new Promise((resolve) => setTimeout(resolve, 500));
      listed = driver.capture('two');
    }
    expect(listed).toContain('not offered to the model (/mcp tools)');
    driver.type('two', 'again');
    driver.keys('two', 'Enter');
    screen = await driver.waitFor('two', 'Second answer.');
    expect(screen).not.toContain('Tools left out');
    expect(toolNames(server, 1).filter((name) => name.startsWith('mcp__big__'))).toEqual([]);
    expect(toolNames(server, 1)).toContain('mcp__small__ping');
    await driver.quitRepl('two');
  });
});
