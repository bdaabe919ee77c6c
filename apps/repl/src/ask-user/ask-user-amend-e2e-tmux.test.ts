import { startOpenAIChatServer, type RecordedRequest } from '@agent/testkit';
import { replTmuxBed } from '../../test/support/repl-tmux-bed';

const bed = replTmuxBed('ask-amend', { session: 'ask' });
const { driver, keys, typeText, waitFor } = bed;

const design = {
  questions: [
    { question: 'Which database should the service use?', options: ['Postgres', 'SQLite'] },
    { question: 'Which checks should CI run?', options: ['Lint', 'Tests'], multiSelect: true },
  ],
};
const ORIGINAL = '{"answers":["Postgres",["Lint"]],"cancelled":false}';
const AMENDED = '{"answers":["SQLite",["Lint"]],"cancelled":false}';

type Message = { role: string; content?: unknown; tool_call_id?: string };
const messagesOf = (request: RecordedRequest | undefined): Message[] =>
  (request?.body?.messages ?? []) as Message[];

describe('/amend in tmux (issue 25)', () => {
  it('reopens the last questionnaire with its answers and sends the changed one as the next message; the ledger and replay show it', async () => {
    const server = (bed.server = await startOpenAIChatServer([
      { toolCalls: [{ id: 'call_design', name: 'ask_user', arguments: design }] },
      { text: 'Going with Postgres.' },
      { text: 'Switching to SQLite.' },
      { text: 'The person picked a database, then changed it.' },
      { text: 'SQLite it is.' },
    ]));
    bed.launch({ cols: 100, rows: 32 });
    await waitFor('openai-chat/fake-model');
    typeText('plan the service');
    keys('Enter');
    await waitFor('Question 1 of 2');
    keys('Enter');
    await waitFor('Question 2 of 2');
    keys('Down', 'Down', 'Enter');
    await waitFor('Going with Postgres.');
    await waitFor('· ready');

    typeText('/amend');
    keys('Enter');
    // The card opens at the first question, the answers given filled in.
    let screen = await waitFor('Question 1 of 2');
    expect(screen).toContain('❯ 1. Postgres');
    expect(screen).toContain('✓[database]  ✓checks');
    keys('Down', 'Enter');
    screen = await waitFor('Question 2 of 2');
    expect(screen).toContain('[✓] Lint');
    keys('Down', 'Down', 'Enter');
    await waitFor('Switching to SQLite.');
    const amendRequest = messagesOf(server.requests[2]);
    const last = amendRequest.at(-1)!;
    expect(last.role).toBe('user');
    expect(last.content).toBe(
      [
        'I have corrected my answers to your earlier questions (ask_user call call_design). These replace the answers I gave there:',
        '- "Which database should the service use?": was "Postgres", now "SQLite"',
        `The corrected result: ${AMENDED}`,
      ].join('\n'),
    );
    // The original tool result stays as it was.
    expect(amendRequest.find((m) => m.tool_call_id === 'call_design')?.content).toBe(ORIGINAL);

    // After /compact the ledger keeps the original result and the amendment after it.
    await waitFor('· ready');
    typeText('/compact');
    keys('Enter');
    await waitFor('Compacted');
    typeText('which database?');
    keys('Enter');
    await waitFor('SQLite it is.');
    const after = JSON.stringify(messagesOf(server.requests[4]));
    expect(after).toContain(JSON.stringify(`result: ${ORIGINAL}`).slice(1, -1));
    expect(after).toContain(
      JSON.stringify(`amended by the person afterwards: ${AMENDED}`).slice(1, -1),
    );

    // The replay of the saved session starts at the checkpoint: its ledger's amended answer shows.
    await driver.quitRepl('ask');
    bed.launch({ cols: 100, rows: 60 }, '--continue');
    screen = await waitFor('Resumed session');
    expect(screen).toContain('(1 decision kept verbatim)');
    expect(screen).toContain('Amended by the person afterwards:');
    expect(screen).toContain('→ SQLite');
  });
});
