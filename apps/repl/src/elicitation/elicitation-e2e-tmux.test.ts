import {
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startOpenAIChatServer, type FakeServer, type RecordedRequest } from '@agent/testkit';
import { replAgainstFake, TmuxDriver } from '../../test/support/tmux-driver';

jest.setTimeout(120_000);

const driver = new TmuxDriver('mcp-elicit-e2e');
const keys = (...names: string[]): void => driver.keys('mcp', ...names);
const typeText = (text: string): void => driver.type('mcp', text);
const waitFor = (needle: string, ms?: number): Promise<string> => driver.waitFor('mcp', needle, ms);

/** The content of the Chat Completions `tool` message answering `id`. */
function toolMessage(request: RecordedRequest | undefined, id: string): string {
  const messages = (request?.body?.messages ?? []) as Array<Record<string, unknown>>;
  return String(messages.find((m) => m.role === 'tool' && m.tool_call_id === id)?.content);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    return readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.[0] !== 'Z';
  } catch {
    return false;
  }
}

async function until(check: () => boolean, ms: number): Promise<boolean> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return check();
}

/** Every process whose command line runs server-everything with `marker` (this test's own). */
function serverPids(marker: string): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const cmd = readFileSync(`/proc/${entry}/cmdline`, 'utf8');
      if (cmd.includes('server-everything') && cmd.includes(marker)) pids.push(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return pids.filter(isAlive);
}

describe('MCP in the REPL end to end in tmux (issue 15)', () => {
  let server: FakeServer;
  let home: string;
  let workspace: string;
  const marker = `marker-${process.pid}-${Date.now()}`;

  beforeAll(async () => {
    server = await startOpenAIChatServer([
      {
        toolCalls: [
          { id: 'call_e', name: 'mcp__everything__trigger-elicitation-request', arguments: {} },
        ],
      },
      { text: 'Thanks, noted.' },
    ]);
    home = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'mcp-e2e-home-')));
    workspace = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'mcp-e2e-ws-')));
    const script = require.resolve('@modelcontextprotocol/server-everything/dist/index.js');
    writeFileSync(
      path.join(home, 'config.json'),
      JSON.stringify({
        mcpServers: {
          // The marker is an extra argument server-everything ignores: it finds our processes.
          everything: { command: process.execPath, args: [script, 'stdio', marker] },
          broken: { command: process.execPath, args: ['-e', 'process.exit(3)'] },
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

  it('answers server-everything’s 13-field form through the card; /mcp reports the broken server; /quit leaves no server process', async () => {
    driver.start('mcp', replAgainstFake({ serverUrl: server.url, agentHome: home, workspace }), {
      cols: 100,
      rows: 40,
    });
    await waitFor('openai-chat/fake-model');
    await waitFor('MCP server broken failed', 20_000);
    // The prompt is usable while servers start: /mcp shows them connecting, then connected.
    let listed = '';
    for (let tries = 0; tries < 40 && !listed.includes('mcp__everything__echo'); tries++) {
      typeText('/mcp');
      keys('Enter');
      await new Promise((resolve) => setTimeout(resolve, 500));
      listed = driver.capture('mcp');
    }
    // Long paths (a node binary deep in a checkout) wrap the status onto the next row.
    expect(listed).toMatch(/broken \(user, stdio: [\s\S]*?\)\s+·\s+failed/);
    expect(listed).toMatch(/\)\s+·\s+connected/);
    const [pid] = serverPids(marker);
    expect(pid).toBeDefined();

    typeText('fill in the form');
    keys('Enter');
    await waitFor('Yes, allow once', 20_000);
    keys('Enter');

    let screen = await waitFor('Question 1 of 13', 20_000);
    expect(screen).toContain('MCP server everything asks: Please provide inputs');
    typeText('Ada Lovelace');
    keys('Enter');
    await waitFor('Question 2 of 13');
    keys('Enter'); // check: Yes
    await waitFor('Question 3 of 13');
    keys('Enter'); // firstLine: its default
    screen = await waitFor('Question 4 of 13');
    expect(screen).toContain('email');
    typeText('not-an-email');
    keys('Enter');
    await waitFor('Expected an email address');
    for (let i = 0; i < 'not-an-email'.length; i++) keys('BSpace');
    typeText('ada@example.com');
    keys('Enter');
    await waitFor('Question 5 of 13');
    keys('Enter'); // homepage: skipped
    await waitFor('Question 6 of 13');
    keys('Enter'); // birthdate: skipped
    await waitFor('Question 7 of 13');
    typeText('101');
    keys('Enter');
    await waitFor('Expected at most 100');
    for (let i = 0; i < 3; i++) keys('BSpace');
    typeText('7');
    keys('Enter');
    for (let n = 8; n <= 13; n++) {
      await waitFor(`Question ${n} of 13`);
      keys('Enter');
    }

    const end = await waitFor('Thanks, noted.', 20_000);
    expect(end).toContain('MCP everything: 13 questions answered');
    const reply = toolMessage(server.requests[1], 'call_e');
    expect(reply).toContain('Ada Lovelace');
    expect(reply).toContain('- Favorite Integer: 7');
    expect(reply).toContain('ada@example.com');
    expect(reply).toContain('"untitledSingleSelectEnum": "Monica"');

    await waitFor('· ready ·');
    typeText('/quit');
    keys('Enter');
    expect(await until(() => !isAlive(pid!), 10_000)).toBe(true);
    expect(serverPids(marker)).toEqual([]);

    const sessions = path.join(home, 'sessions');
    const file = readdirSync(sessions)[0]!;
    const events = readFileSync(path.join(sessions, file), 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    const recorded = events.find((event) => event.type === 'elicitation');
    expect(recorded).toMatchObject({ server: 'everything', mode: 'form', action: 'accept' });
    expect(recorded.fields.find((f: { key: string }) => f.key === 'name').answer).toBe(
      'Ada Lovelace',
    );
    expect(recorded.fields.find((f: { key: string }) => f.key === 'homepage').answer).toBeNull();
  });

  it("a workspace's .mcp.json starts nothing until /mcp trust, which is remembered", async () => {
    const ws = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'mcp-e2e-trust-')));
    const ownHome = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'mcp-e2e-trust-home-')));
    const wsMarker = `${marker}-ws`;
    const script = require.resolve('@modelcontextprotocol/server-everything/dist/index.js');
    writeFileSync(
      path.join(ws, '.mcp.json'),
      JSON.stringify({
        mcpServers: { local: { command: process.execPath, args: [script, 'stdio', wsMarker] } },
      }),
    );
    try {
      driver.run('kill-session', '-t', 'mcp');
    } catch {
      // no session left from the test before
    }
    const start = () =>
      driver.start(
        'mcp',
        replAgainstFake({ serverUrl: server.url, agentHome: ownHome, workspace: ws }),
        { cols: 100, rows: 40 },
      );
    try {
      start();
      await waitFor('were not started (local)', 20_000);
      await waitFor('/mcp trust');
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(serverPids(wsMarker)).toEqual([]);
      typeText('/mcp trust');
      keys('Enter');
      await waitFor('mcp__local__echo', 20_000);
      expect(serverPids(wsMarker)).toHaveLength(1);
      typeText('/quit');
      keys('Enter');
      expect(await until(() => serverPids(wsMarker).length === 0, 10_000)).toBe(true);
      driver.run('kill-session', '-t', 'mcp');

      // Trusted once: the next start runs the servers without asking.
      start();
      await waitFor('openai-chat/fake-model');
      expect(await until(() => serverPids(wsMarker).length === 1, 20_000)).toBe(true);
      expect(driver.capture('mcp')).not.toContain('were not started');
      typeText('/quit');
      keys('Enter');
      expect(await until(() => serverPids(wsMarker).length === 0, 10_000)).toBe(true);
    } finally {
      rmSync(ws, { recursive: true, force: true });
      rmSync(ownHome, { recursive: true, force: true });
    }
  });
});
