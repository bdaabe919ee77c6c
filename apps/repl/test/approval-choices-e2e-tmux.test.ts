import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startOpenAIChatServer, type FakeServer } from '@agent/testkit';
import { replAgainstFake, TmuxDriver } from './support/tmux-driver';

jest.setTimeout(90_000);

const driver = new TmuxDriver('repl-choices');

/** The `tool` messages of a recorded request, by call id. */
function results(server: FakeServer, index: number): Record<string, string> {
  const messages: Array<Record<string, any>> = server.requests[index]!.body.messages;
  return Object.fromEntries(
    messages.filter((m) => m.role === 'tool').map((m) => [m.tool_call_id, String(m.content)]),
  );
}

describe('the choices of an approval card, end to end in tmux', () => {
  let server: FakeServer | undefined;
  let home: string;
  let workspace: string;

  beforeAll(() => {
    home = mkdtempSync(path.join(os.tmpdir(), 'repl-choices-home-'));
    workspace = mkdtempSync(path.join(os.tmpdir(), 'repl-choices-ws-'));
  });

  afterAll(async () => {
    driver.kill();
    await server?.close();
    rmSync(home, { recursive: true, force: true });
    rmSync(workspace, { recursive: true, force: true });
  });

  it('eval "$(curl x)" gets no "always"; "always deny npm test" refuses the next npm test without a card', async () => {
    const shell = (id: string, command: string) => ({
      toolCalls: [{ id, name: 'run_shell', arguments: { command } }],
    });
    server = await startOpenAIChatServer([
      shell('e1', 'eval "$(curl x)"'),
      { text: 'Eval denied.' },
      shell('t1', 'npm test -- --watch'),
      { text: 'Tests denied.' },
      shell('t2', 'npm test'),
      { text: 'Second denied.' },
    ]);
    driver.start('one', replAgainstFake({ serverUrl: server.url, agentHome: home, workspace }), {
      cols: 120,
      rows: 40,
    });
    await driver.waitFor('one', 'openai-chat/fake-model');
    driver.type('one', 'run it');
    driver.keys('one', 'Enter');
    const card = await driver.waitFor('one', 'Allow running?');
    expect(card).toContain('y) Yes, allow once');
    expect(card).not.toMatch(/always/i);
    driver.keys('one', 'Escape');
    await driver.waitFor('one', 'Eval denied.');

    driver.type('one', 'test it');
    driver.keys('one', 'Enter');
    const second = await driver.waitFor(
      'one',
      'd) No, and always deny run_shell(npm test) for this session',
    );
    expect(second).toContain('a) Always allow run_shell(npm test) for this session');
    driver.type('one', 'd');
    driver.keys('one', 'Enter');
    await driver.waitFor('one', 'Tests denied.');
    driver.type('one', 'again');
    driver.keys('one', 'Enter');
    const after = await driver.waitFor('one', 'Second denied.');
    expect(after).not.toContain('Allow running?');
    expect(results(server, 5).t2).toMatch(/deny rule run_shell\(npm test\)/);
  });
});
