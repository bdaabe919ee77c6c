import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startOpenAIChatServer, type FakeServer } from '@agent/testkit';
import { replAgainstFake, TmuxDriver } from './support/tmux-driver';

jest.setTimeout(60_000);

const driver = new TmuxDriver('repl-queued');

/** The input box's rows: below the last rule, above the status line. */
function inputRows(screen: string): string {
  const rows = screen.trimEnd().split('\n');
  const rule = rows.findLastIndex((row) => /^─{20,}$/.test(row.trim()));
  return rows.slice(rule + 1, -1).join('\n');
}

async function waitForInput(session: string, needle: string): Promise<string> {
  const end = Date.now() + 15000;
  let rows = '';
  while (Date.now() < end) {
    rows = inputRows(driver.capture(session));
    if (rows.includes(needle)) return rows;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`timed out waiting for ${needle} in the input:\n${rows}`);
}

function lastUserText(server: FakeServer, index: number): string {
  const messages: Array<Record<string, any>> = server.requests[index]!.body.messages;
  return String(messages.filter((m) => m.role === 'user').at(-1)?.content);
}

describe('queued prompts after an interrupt, in tmux (issue 26 item 12)', () => {
  let server: FakeServer;
  let home: string;
  let workspace: string;

  beforeAll(() => {
    home = mkdtempSync(path.join(os.tmpdir(), 'repl-queued-home-'));
    workspace = mkdtempSync(path.join(os.tmpdir(), 'repl-queued-ws-'));
  });

  afterAll(async () => {
    driver.kill();
    await server?.close();
    rmSync(home, { recursive: true, force: true });
    rmSync(workspace, { recursive: true, force: true });
  });

  it('a queued !command and a queued prompt come back one at a time; the prompt never reaches the shell', async () => {
    server = await startOpenAIChatServer([
      { text: ['Thinking'], fault: { kind: 'hang', afterEvents: 2 } },
      { text: 'Noted, nothing touched.' },
    ]);
    const session = 'queued';
    driver.start(session, replAgainstFake({ serverUrl: server.url, agentHome: home, workspace }));
    await driver.waitFor(session, 'fake-model');
    driver.type(session, 'first');
    driver.keys(session, 'Enter');
    await driver.waitFor(session, 'Thinking');
    driver.type(session, '!echo queued-shell');
    driver.keys(session, 'Enter');
    driver.type(session, 'touch pwned.txt is what I would do');
    driver.keys(session, 'Enter');
    await driver.waitFor(session, 'touch pwned.txt is what I would do');
    driver.keys(session, 'Escape');
    // The !command alone: Enter runs it, and only it.
    expect(await waitForInput(session, '!echo queued-shell')).not.toContain('pwned');
    driver.keys(session, 'Enter');
    // Then the prompt for the model comes back on its own, and Enter sends it to the model.
    expect(await waitForInput(session, 'touch pwned.txt')).not.toContain('!echo');
    expect(existsSync(path.join(workspace, 'pwned.txt'))).toBe(false);
    driver.keys(session, 'Enter');
    await driver.waitFor(session, 'Noted, nothing touched.');
    expect(server.requests).toHaveLength(2);
    expect(lastUserText(server, 1)).toContain('touch pwned.txt is what I would do');
    expect(existsSync(path.join(workspace, 'pwned.txt'))).toBe(false);
  });
});
