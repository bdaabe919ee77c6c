import path from 'node:path';
import { startOpenAIChatServer, type FakeServer, type RecordedRequest } from '@agent/testkit';
import { killRepl, sessionText, toolMessage } from '../../test/support/ask-user-tmux';
import { replTmuxBed } from '../../test/support/repl-tmux-bed';

const bed = replTmuxBed('ask-durable', { session: 'ask' });
const { keys, typeText, waitFor } = bed;

/** Everything the request says, as one string (the checkpoint's ledger is in a user message). */
function requestText(request: RecordedRequest | undefined): string {
  return JSON.stringify(request?.body?.messages ?? []);
}

function words(seed: string, chars: number): string {
  let out = '';
  for (let i = 0; out.length < chars; i++) out += `${seed}${i} `;
  return `${out.slice(0, chars - 1)}Z`;
}

/** A valid card at the maximum sizes: a 1,000-character question, six 300-character options. */
const maximum = {
  questions: [
    {
      question: `QSTART ${words('q', 993)}`,
      options: Array.from({ length: 6 }, (_, i) => `OPT${i + 1} ${words(`o${i + 1}w`, 295)}`),
    },
  ],
};

const design = {
  questions: [
    { question: 'Which database should the service use?', options: ['PostgreSQL', 'SQLite'] },
    { question: 'Which API style should we expose?', options: ['REST', 'GraphQL'] },
  ],
};
const deploy = {
  questions: [{ question: 'Where should it run?', options: ['Fly.io', 'AWS'] }],
};

describe('ask_user end to end in tmux: tall cards, kill -9 and compaction (issue 12)', () => {
  /** A REPL whose model asks the two `design` questions under `id`, the card on screen. */
  async function askTwoQuestions(id: string): Promise<FakeServer> {
    const fake = (bed.server = await startOpenAIChatServer([
      { text: 'Two decisions first.', toolCalls: [{ id, name: 'ask_user', arguments: design }] },
      { text: 'Continuing with SQLite and REST.' },
    ]));
    bed.launch({ cols: 90, rows: 30 });
    await waitFor('openai-chat/fake-model');
    typeText('plan the service');
    keys('Enter');
    await waitFor('Question 1 of 2');
    return fake;
  }

  it('a maximum-size card at 80x24 shows its header and selection on every row', async () => {
    const server = (bed.server = await startOpenAIChatServer([
      { toolCalls: [{ id: 'call_max', name: 'ask_user', arguments: maximum }] },
      { text: 'Took the last option.' },
    ]));
    bed.launch({ cols: 80, rows: 24 });
    await waitFor('openai-chat/fake-model');
    typeText('go');
    keys('Enter');
    let screen = await waitFor('Question 1 of 1');
    for (let row = 1; row <= 7; row++) {
      if (row > 1) {
        keys('Down');
        screen = await waitFor(`❯ ${row}. `);
      }
      expect(screen).toContain('Question 1 of 1');
      expect(screen).toContain('QSTART');
      expect(screen).toContain(row === 7 ? '❯ 7. Type your answer' : `❯ ${row}. OPT${row}`);
    }
    keys('PageUp');
    keys('Up');
    screen = await waitFor('❯ 6. OPT6');
    expect(screen).toContain('Question 1 of 1');
    keys('Enter');
    await waitFor('Took the last option.');
    expect(toolMessage(server.requests[1], 'call_max')).toBe(
      JSON.stringify({ answers: [maximum.questions[0]!.options[5]], cancelled: false }),
    );
  });

  it('kill -9 with the card open, then --continue: the card opens again and its answer goes to the same call id', async () => {
    const server = await askTwoQuestions('call_open');
    await killRepl(bed);

    bed.launch({ cols: 90, rows: 30 }, '--continue');
    await waitFor('Resumed session');
    await waitFor('Question 1 of 2');
    keys('Down');
    await waitFor('❯ 2. SQLite');
    keys('Enter');
    await waitFor('Question 2 of 2');
    keys('Enter');
    await waitFor('Continuing with SQLite and REST.');
    expect(server.requests).toHaveLength(2);
    expect(toolMessage(server.requests[1], 'call_open')).toBe(
      '{"answers":["SQLite","REST"],"cancelled":false}',
    );
    expect(server.remaining()).toBe(0);
  });

  it('kill -9 after the first answer of three: the card opens at the second, the first kept and shown', async () => {
    const three = {
      questions: [
        ...design.questions,
        { question: 'Which checks should CI run?', options: ['Lint', 'Tests'], multiSelect: true },
      ],
    };
    const server = (bed.server = await startOpenAIChatServer([
      {
        text: 'Three decisions.',
        toolCalls: [{ id: 'call_kept', name: 'ask_user', arguments: three }],
      },
      { text: 'Continuing with SQLite and REST.' },
    ]));
    bed.launch({ cols: 90, rows: 30 });
    await waitFor('openai-chat/fake-model');
    typeText('plan the service');
    keys('Enter');
    await waitFor('Question 1 of 3');
    keys('Down');
    await waitFor('❯ 2. SQLite');
    keys('Enter');
    await waitFor('Question 2 of 3');
    const sessions = path.join(bed.home, 'sessions');
    // The answer is in the session file the moment it is given (ASK_USER.md §9).
    for (let i = 0; i < 200 && !sessionText(sessions).includes('"questionnaire_progress"'); i++) {
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    await killRepl(bed);

    bed.launch({ cols: 90, rows: 30 }, '--continue');
    await waitFor('Resumed session');
    let screen = await waitFor('Question 2 of 3');
    // The strip ticks the first question; going back shows its answer selected.
    expect(screen).toContain('✓database  ·[API]  ·checks');
    keys('BTab');
    screen = await waitFor('Question 1 of 3');
    expect(screen).toContain('❯ 2. SQLite');
    keys('Tab');
    await waitFor('Question 2 of 3');
    keys('Enter');
    await waitFor('Question 3 of 3');
    keys('Down', 'Space', 'Down', 'Enter');
    await waitFor('Continuing with SQLite and REST.');
    expect(server.requests).toHaveLength(2);
    expect(toolMessage(server.requests[1], 'call_kept')).toBe(
      '{"answers":["SQLite","REST",["Lint","Tests"]],"cancelled":false}',
    );
  });

  it('two answered questionnaires, /compact, then a prompt: the request carries both exact results', async () => {
    const server = (bed.server = await startOpenAIChatServer([
      { toolCalls: [{ id: 'call_design', name: 'ask_user', arguments: design }] },
      { toolCalls: [{ id: 'call_deploy', name: 'ask_user', arguments: deploy }] },
      { text: 'All decided.' },
      { text: 'The person is planning a service.' },
      { text: 'Still SQLite with my own API and AWS.' },
    ]));
    bed.launch({ cols: 90, rows: 30 }, '--tool-history', 'off');
    await waitFor('openai-chat/fake-model');
    typeText('plan the service');
    keys('Enter');
    await waitFor('Question 1 of 2');
    keys('Down');
    keys('Enter');
    await waitFor('Question 2 of 2');
    typeText('JSON-RPC over pipes');
    keys('Enter');
    await waitFor('Where should it run?');
    keys('Down');
    keys('Enter');
    await waitFor('All decided.');
    await waitFor('· ready');
    typeText('/compact');
    keys('Enter');
    await waitFor('Compacted');
    typeText('what did I choose?');
    keys('Enter');
    await waitFor('Still SQLite with my own API and AWS.');
    const after = requestText(server.requests[4]);
    expect(after).toContain('The person is planning a service.');
    expect(after).toContain(
      JSON.stringify('{"answers":["SQLite","JSON-RPC over pipes"],"cancelled":false}').slice(1, -1),
    );
    expect(after).toContain(JSON.stringify('{"answers":["AWS"],"cancelled":false}').slice(1, -1));
    expect(after).toContain('Which database should the service use?');
    expect(after).toContain('Where should it run?');
    expect(server.remaining()).toBe(0);
  });
});
