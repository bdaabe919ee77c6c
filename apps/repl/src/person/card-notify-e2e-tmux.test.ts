import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startOpenAIChatServer, type FakeServer } from '@agent/testkit';
import { replAgainstFake, shellCommand, TmuxDriver } from '../../test/support/tmux-driver';
import { occurrences } from '../../test/support/occurrences';

const driver = new TmuxDriver('card-notify');
const keys = (...names: string[]): void => driver.keys('ask', ...names);
const typeText = (text: string): void => driver.type('ask', text);
const waitFor = (needle: string, ms?: number): Promise<string> => driver.waitFor('ask', needle, ms);

const read = (file: string): string => (existsSync(file) ? readFileSync(file, 'latin1') : '');

/** Polls until `file` holds `needle` (bounded by a count, not a fixed sleep). */
async function waitForFile(file: string, needle: string): Promise<string> {
  for (let i = 0; i < 300; i++) {
    const text = read(file);
    if (text.includes(needle)) return text;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(
    `${file} never held ${JSON.stringify(needle)}; it holds ${JSON.stringify(read(file))}`,
  );
}

describe('a card that waits is announced (issue 25)', () => {
  let server: FakeServer | undefined;
  let root: string;

  beforeEach(() => {
    root = mkdtempSync(path.join(os.tmpdir(), 'card-notify-'));
  });

  afterEach(async () => {
    driver.kill();
    await server?.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('rings the bell, sends OSC 9 and OSC 777 through tmux and runs notify.command once with JSON naming the card', async () => {
    const home = path.join(root, 'home');
    const workspace = path.join(root, 'ws');
    mkdirSync(home);
    mkdirSync(workspace);
    const notified = path.join(root, 'notified.jsonl');
    const output = path.join(root, 'pane-output');
    writeFileSync(
      path.join(home, 'config.json'),
      JSON.stringify({
        notify: { afterSeconds: 0.3, command: shellCommand(['sh', '-c', `cat >> "$0"`, notified]) },
      }),
    );
    const questions = {
      questions: [
        { question: 'Which database should the service use?', options: ['Postgres', 'SQLite'] },
        { question: 'Which API style should we expose?', options: ['REST', 'gRPC'] },
      ],
    };
    server = await startOpenAIChatServer([
      { toolCalls: [{ id: 'call_wait', name: 'ask_user', arguments: questions }] },
      { text: 'Thanks for answering.' },
    ]);
    driver.start('ask', replAgainstFake({ serverUrl: server.url, agentHome: home, workspace }), {
      cols: 90,
      rows: 30,
    });
    // Everything the REPL writes to its terminal, as tmux reads it.
    driver.run('pipe-pane', '-t', 'ask', '-o', shellCommand(['sh', '-c', 'cat >> "$0"', output]));
    await waitFor('openai-chat/fake-model');
    typeText('plan the service');
    keys('Enter');
    await waitFor('Question 1 of 2');

    const line = await waitForFile(notified, '\n');
    const card = JSON.parse(line) as Record<string, unknown>;
    expect(card).toMatchObject({
      kind: 'questionnaire',
      title: 'The agent has 2 questions for you',
      questions: ['Which database should the service use?', 'Which API style should we expose?'],
      workspace,
    });
    expect(typeof card.session).toBe('string');
    const osc9 = '\x1bPtmux;\x1b\x1b]9;The agent has 2 questions for you\x07\x1b\\';
    const osc777 =
      '\x1bPtmux;\x1b\x1b]777;notify;agent;The agent has 2 questions for you\x07\x1b\\';
    const written = await waitForFile(output, osc777);
    expect(written).toContain(`\x07${osc9}${osc777}`);

    keys('Enter');
    await waitFor('Question 2 of 2');
    keys('Enter');
    await waitFor('Thanks for answering.');
    // Once per card: the second question is the same card.
    expect(occurrences(read(output), osc9)).toBe(1);
    expect(read(notified).trim().split('\n')).toHaveLength(1);
  });
});
