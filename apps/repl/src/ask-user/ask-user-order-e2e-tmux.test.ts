import path from 'node:path';
import { startOpenAIChatServer, type FakeServer } from '@agent/testkit';
import { killRepl, sessionText, toolMessage } from '../../test/support/ask-user-tmux';
import { replTmuxBed } from '../../test/support/repl-tmux-bed';

const bed = replTmuxBed('ask-order', { session: 'order' });
const { keys, typeText, waitFor } = bed;

const three = {
  questions: [
    { question: 'Which database should the service use?', options: ['Postgres', 'SQLite'] },
    { question: 'Which API style should we expose?', options: ['REST', 'GraphQL'] },
    { question: 'Where should it deploy first?', options: ['eu-west', 'us-east'] },
  ],
};

/** A REPL whose model asks the three questions under `id`, the card on screen. */
async function askThree(id: string, then: string): Promise<FakeServer> {
  const fake = (bed.server = await startOpenAIChatServer([
    { text: 'Three decisions.', toolCalls: [{ id, name: 'ask_user', arguments: three }] },
    { text: then },
  ]));
  bed.launch({ cols: 100, rows: 30 });
  await waitFor('openai-chat/fake-model');
  typeText('plan the service');
  keys('Enter');
  await waitFor('Question 1 of 3');
  return fake;
}

/** Answers Q3 with us-east through the strip (Tab Tab, Down Enter): the card is back at Q1. */
async function answerThirdFirst(): Promise<void> {
  keys('Tab');
  await waitFor('Question 2 of 3');
  keys('Tab');
  await waitFor('Question 3 of 3');
  keys('Down');
  await waitFor('❯ 2. us-east');
  keys('Enter');
  await waitFor('Question 1 of 3');
}

describe('ask_user in tmux: an answer given out of order is never lost (ASK_USER.md §10)', () => {
  it('Esc at Q2 after answering Q3 then Q1: the model gets both, the summary shows both', async () => {
    const server = await askThree('call_esc', 'Postgres in us-east.');
    await answerThirdFirst();
    keys('Enter');
    await waitFor('Question 2 of 3');
    keys('Escape');
    const screen = await waitFor('Postgres in us-east.');
    expect(toolMessage(server.requests[1], 'call_esc')).toBe(
      '{"answers":["Postgres"],"also_answered":{"3":"us-east"},"cancelled":true}',
    );
    expect(screen).toContain('us-east');
    expect(screen).toContain('cancelled after 2 of 3');
  });

  it('Ctrl+C after answering only Q3: the interrupted result carries it', async () => {
    const server = (bed.server = await startOpenAIChatServer([
      { toolCalls: [{ id: 'call_int', name: 'ask_user', arguments: three }] },
      { text: 'Going with us-east.' },
    ]));
    bed.launch({ cols: 100, rows: 30 });
    await waitFor('openai-chat/fake-model');
    typeText('plan the service');
    keys('Enter');
    await waitFor('Question 1 of 3');
    await answerThirdFirst();
    keys('C-c');
    await waitFor('Interrupted');
    typeText('go on');
    keys('Enter');
    await waitFor('Going with us-east.');
    expect(String(toolMessage(server.requests[1], 'call_int'))).toContain(
      '{"answers":[],"also_answered":{"3":"us-east"},"cancelled":true,"interrupted":true}',
    );
  });

  it('kill -9 after answering Q3 through the strip, then --continue: Q3 is filled in', async () => {
    const server = await askThree('call_kill', 'SQLite, REST, us-east.');
    await answerThirdFirst();
    const sessions = path.join(bed.home, 'sessions');
    for (let i = 0; i < 200 && !sessionText(sessions).includes('"later"'); i++) {
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    expect(sessionText(sessions)).toContain('"later":[{"question":2,"answer":"us-east"');
    await killRepl(bed);

    bed.launch({ cols: 100, rows: 30 }, '--continue');
    await waitFor('Resumed session');
    await waitFor('Question 1 of 3');
    keys('Down');
    await waitFor('❯ 2. SQLite');
    keys('Enter');
    await waitFor('Question 2 of 3');
    // Q3 already has its answer: answering Q2 sends the whole result.
    keys('Enter');
    await waitFor('SQLite, REST, us-east.');
    expect(toolMessage(server.requests[1], 'call_kill')).toBe(
      '{"answers":["SQLite","REST","us-east"],"cancelled":false}',
    );
  });
});
