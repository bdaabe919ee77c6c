import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startOpenAIChatServer, type FakeServer } from '@agent/testkit';
import { replAgainstFake, TmuxDriver } from './support/tmux-driver';

const driver = new TmuxDriver('repl-e2e');
const tmux = (...args: string[]): string => driver.run(...args);
const capture = (session = 'e2e'): string => driver.capture(session);
const waitFor = (needle: string, ms = 15000, session = 'e2e'): Promise<string> =>
  driver.waitFor(session, needle, ms);

describe('the REPL end to end in tmux against the openai-chat fake', () => {
  let server: FakeServer;
  let home: string;
  let workspace: string;

  beforeAll(async () => {
    server = await startOpenAIChatServer([
      {
        text: 'I will create the file.',
        toolCalls: [
          {
            id: 'call_write',
            name: 'write_file',
            arguments: { path: 'hello.txt', content: 'hello from the e2e test\n' },
          },
        ],
      },
      { text: 'All done: hello.txt now greets you.' },
    ]);
    home = mkdtempSync(path.join(os.tmpdir(), 'repl-e2e-home-'));
    workspace = mkdtempSync(path.join(os.tmpdir(), 'repl-e2e-ws-'));
  });

  afterAll(async () => {
    driver.kill();
    await server.close();
    rmSync(home, { recursive: true, force: true });
    rmSync(workspace, { recursive: true, force: true });
  });

  function launch(session: string, url: string, agentHome: string): void {
    driver.start(session, replAgainstFake({ serverUrl: url, agentHome, workspace }));
  }

  it('sends a prompt, approves the edit on its card, shows the answer and writes the file', async () => {
    launch('e2e', server.url, home);
    await waitFor('openai-chat/fake-model');
    tmux('send-keys', '-t', 'e2e', '-l', 'please create hello.txt');
    tmux('send-keys', '-t', 'e2e', 'Enter');
    const card = await waitFor('Yes, allow once');
    expect(card).toContain('write hello.txt');
    expect(existsSync(path.join(workspace, 'hello.txt'))).toBe(false);
    tmux('send-keys', '-t', 'e2e', 'Enter');
    const done = await waitFor('All done: hello.txt now greets you.');
    expect(done).toContain('I will create the file.');
    expect(done).toMatch(/✓ Allowed · Ran write hello\.txt/);
    expect(readFileSync(path.join(workspace, 'hello.txt'), 'utf8')).toBe(
      'hello from the e2e test\n',
    );
    expect(server.requests).toHaveLength(2);
    await waitFor('· ready');
    tmux('send-keys', '-t', 'e2e', 'C-c');
    await waitFor('Ctrl+C again');
    tmux('send-keys', '-t', 'e2e', 'C-c');
    const sessions = path.join(home, 'sessions');
    const until = Date.now() + 10000;
    // Exited once the screen is gone and the session file is closed (its lock removed).
    const exited = () =>
      !capture().includes('ready') && !readdirSync(sessions).some((f) => f.endsWith('.lock'));
    while (Date.now() < until && !exited()) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const files = readdirSync(sessions);
    expect(files).toHaveLength(1);
    const log = readFileSync(path.join(sessions, files[0]!), 'utf8');
    expect(log).toContain('please create hello.txt');
    expect(log).toContain('All done: hello.txt now greets you.');
  });

  it.each(['TERM', 'HUP'])(
    'saves the session when SIG%s arrives in the middle of a turn',
    async (signal) => {
      const hanging = await startOpenAIChatServer([
        { text: 'Working on it, slowly', fault: { kind: 'hang', afterEvents: 3 } },
      ]);
      const agentHome = mkdtempSync(path.join(os.tmpdir(), 'repl-e2e-home-'));
      const session = `sig-${signal}`;
      try {
        launch(session, hanging.url, agentHome);
        await waitFor('openai-chat/fake-model', 15000, session);
        tmux('send-keys', '-t', session, '-l', `stop me with SIG${signal}`);
        tmux('send-keys', '-t', session, 'Enter');
        await waitFor('working', 15000, session);
        const shell = tmux('display', '-p', '-t', session, '#{pane_pid}').trim();
        const pid = Number(execFileSync('pgrep', ['-P', shell], { encoding: 'utf8' }).trim());
        process.kill(pid, `SIG${signal}` as NodeJS.Signals);
        const until = Date.now() + 10000;
        while (Date.now() < until && existsSync(`/proc/${pid}`)) {
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
        expect(existsSync(`/proc/${pid}`)).toBe(false);
        const dir = path.join(agentHome, 'sessions');
        const files = readdirSync(dir);
        expect(files).toHaveLength(1);
        const log = readFileSync(path.join(dir, files[0]!), 'utf8');
        expect(log).toContain(`stop me with SIG${signal}`);
        expect(log.endsWith('\n')).toBe(true);
      } finally {
        await hanging.close();
        rmSync(agentHome, { recursive: true, force: true });
      }
    },
  );
});
