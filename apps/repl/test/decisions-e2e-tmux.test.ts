import { readFileSync } from 'node:fs';
import path from 'node:path';
import { startOpenAIChatServer, type RecordedRequest } from '@agent/testkit';
import { replTmuxBed } from './support/repl-tmux-bed';

// Issue 36 item 11 (ASK_USER.md §10): /remember keeps the answers the person picks, a new
// session's first request carries them, and /decisions revoke 1 forgets one.

const bed = replTmuxBed('decisions', { session: 'dec' });
const { driver, keys, typeText, waitFor } = bed;

const design = {
  questions: [
    { question: 'Which database should the service use?', options: ['Postgres', 'SQLite'] },
    { question: 'Which checks should CI run?', options: ['Lint', 'Tests'], multiSelect: true },
  ],
};

const systemOf = (request: RecordedRequest | undefined): string => {
  const messages = (request?.body?.messages ?? []) as Array<{ role: string; content?: unknown }>;
  return String(messages.find((m) => m.role === 'system')?.content);
};

describe('/remember and /decisions in tmux', () => {
  it('keeps the picked answer for this project, tells the next session, and revokes it', async () => {
    const server = (bed.server = await startOpenAIChatServer([
      { toolCalls: [{ id: 'call_design', name: 'ask_user', arguments: design }] },
      { text: 'Going with SQLite.' },
      { text: 'Using the kept database.' },
      { text: 'Nothing kept.' },
    ]));
    bed.launch({ cols: 110, rows: 36 });
    await waitFor('openai-chat/fake-model');
    typeText('plan the service');
    keys('Enter');
    await waitFor('Question 1 of 2');
    keys('Down', 'Enter');
    await waitFor('Question 2 of 2');
    keys('Down', 'Down', 'Enter');
    await waitFor('Going with SQLite.');
    await waitFor('· ready');

    typeText('/remember');
    keys('Enter');
    const screen = await waitFor('Remember which answers?');
    expect(screen).toContain('[ ] Which database should the service use? → "SQLite"');
    expect(screen).toContain('[ ] Which checks should CI run? → ["Lint"]');
    keys('Space');
    await waitFor('[✓] Which database should the service use?');
    keys('Down', 'Down');
    await waitFor('❯   Keep the ticked answer for this project');
    keys('Enter');
    await waitFor('Kept 1 decision for this project');
    const file = JSON.parse(readFileSync(path.join(bed.home, 'decisions.json'), 'utf8'));
    expect(file.decisions).toHaveLength(1);
    expect(file.decisions[0]).toMatchObject({
      question: 'Which database should the service use?',
      answer: 'SQLite',
      scope: 'project',
    });
    expect(file.decisions[0].sessionId).toMatch(/\S/);

    // A new session (a new process) is told the decision in its first request.
    await driver.quitRepl('dec');
    bed.launch({ cols: 110, rows: 36 });
    await waitFor('openai-chat/fake-model');
    typeText('set up the service');
    keys('Enter');
    await waitFor('Using the kept database.');
    expect(systemOf(server.requests[2])).toContain(
      '- "Which database should the service use?" → "SQLite" (this project, decided ',
    );
    await waitFor('· ready');

    typeText('/decisions revoke 1');
    keys('Enter');
    await waitFor('Revoked: Which database should the service use? → "SQLite"');
    typeText('/new');
    keys('Enter');
    await waitFor('New session.');
    typeText('go on');
    keys('Enter');
    await waitFor('Nothing kept.');
    expect(systemOf(server.requests[3])).not.toContain('Which database should the service use?');
    typeText('/decisions list');
    keys('Enter');
    await waitFor('No decisions are kept for this project.');
  });
});
