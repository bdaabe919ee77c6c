import { pageEventStream, startOpenAIChatServer, type FakeServer } from '@agent/testkit';
import { sessionText, toolMessage } from './support/ask-user-tmux';
import { replTmuxBed } from './support/repl-tmux-bed';

const bed = replTmuxBed('remote-e2e', { session: 'remote', scope: 'file' });
const { keys, typeText, waitFor } = bed;

const questions = {
  questions: [
    { question: 'Which database should the service use?', options: ['PostgreSQL', 'SQLite'] },
    { question: 'Which API style should we expose?', options: ['REST', 'GraphQL'] },
  ],
};

/**
 * `/remote` (issue 37): the running REPL's web page shows the same card as the terminal; answered
 * there, the terminal's card closes saying so, the model gets the exact answers, and the session
 * records them as it does for an answer typed in the terminal.
 */
describe('/remote: a card answered on the web page closes in the terminal', () => {
  let server: FakeServer;

  beforeAll(async () => {
    server = bed.server = await startOpenAIChatServer([
      { toolCalls: [{ id: 'call_design', name: 'ask_user', arguments: questions }] },
      { text: 'SQLite with GraphQL, as you chose on the page.' },
    ]);
  });

  it('prints the URL, shows the card on the page, and takes the page’s answer', async () => {
    bed.launch({ cols: 200, rows: 40 });
    await waitFor('openai-chat/fake-model');
    typeText('/remote');
    keys('Enter');
    const printed = await waitFor('The web page is running: ');
    const match = /The web page is running: (http:\/\/127\.0\.0\.1:\d+\/\?token=([\w-]+))/.exec(
      printed,
    );
    expect(match).not.toBeNull();
    const page = new URL(match![1]!);
    const token = match![2]!;
    const home = await fetch(new URL('/', page), { headers: { authorization: `Bearer ${token}` } });
    expect(home.status).toBe(200);
    expect(await home.text()).toContain('<form');
    expect((await fetch(new URL('/', page))).status).toBe(401);

    typeText('plan the service');
    keys('Enter');
    await waitFor('Question 1 of 2');
    const events = pageEventStream(page.origin, token);
    const shown = await events.until(
      (event) => event.type === 'card_shown' || (event.type === 'hello' && Boolean(event.shown)),
    );
    await events.close();
    const card = (shown.type === 'hello' ? shown.shown : shown.card) as {
      id: string;
      kind: string;
    };
    expect(card.kind).toBe('questionnaire');

    const answered = await fetch(new URL('/operations', page), {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        type: 'answer',
        id: card.id,
        answer: {
          kind: 'questionnaire',
          result: { answers: ['SQLite', 'GraphQL'], cancelled: false, custom: [false, false] },
        },
      }),
    });
    expect(answered.status).toBe(200);

    const end = await waitFor('SQLite with GraphQL, as you chose on the page.');
    expect(end).not.toContain('Question 1 of 2');
    expect(toolMessage(server.requests[1], 'call_design')).toBe(
      '{"answers":["SQLite","GraphQL"],"cancelled":false}',
    );
    expect(sessionText(`${bed.home}/sessions`)).toContain(
      '"questionnaire":{"answers":["SQLite","GraphQL"],"cancelled":false,"custom":[false,false]}',
    );
    // The terminal keeps working, and the page stops on /remote off.
    typeText('/remote off');
    keys('Enter');
    await waitFor('The web page is stopped.');
    await expect(fetch(new URL('/', page))).rejects.toThrow();
  });
});
