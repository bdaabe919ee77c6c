import { pageEventStream, startOpenAIChatServer, type FakeServer } from '@agent/testkit';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { sessionText, toolMessage } from './support/ask-user-tmux';
import { answerOnThePage, openRemote } from './support/remote-page';
import { replTmuxBed } from './support/repl-tmux-bed';

const bed = replTmuxBed('remote-e2e', { session: 'remote', scope: 'file' });
const { keys, typeText, waitFor } = bed;

const questions = {
  questions: [
    { question: 'Which database should the service use?', options: ['PostgreSQL', 'SQLite'] },
    { question: 'Which API style should we expose?', options: ['REST', 'GraphQL'] },
  ],
};

/** The text of `file` once it exists (written whole by a rename), checked at most 400 times. */
async function written(file: string): Promise<string> {
  for (let i = 0; i < 400 && !existsSync(file); i++) {
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return readFileSync(file, 'utf8');
}

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
      {
        toolCalls: [
          {
            id: 'call_write',
            name: 'write_file',
            arguments: { path: 'db.txt', content: 'sqlite' },
          },
        ],
      },
      { text: 'SQLite with GraphQL, as you chose on the page.' },
    ]);
  });

  it('prints the URL, shows the card on the page, and takes the page’s answer', async () => {
    // The person's notifier: what it is given for a waiting card lands in a file.
    const notified = path.join(bed.home, 'notified.json');
    const script = `cat > '${notified}.part' && mv '${notified}.part' '${notified}'`;
    writeFileSync(
      path.join(bed.home, 'config.json'),
      JSON.stringify({ notify: { afterSeconds: 0.01, command: ['sh', '-c', script] } }),
    );
    bed.launch({ cols: 200, rows: 40 });
    await waitFor('openai-chat/fake-model');
    const remote = await openRemote(bed);
    const { page, token, printed } = remote;
    // A paragraph of the notice is one line, wrapped by the transcript only where the width ends.
    expect(printed).toContain('bound to this machine only (from a phone: an SSH tunnel');
    const home = await fetch(new URL('/', page), { headers: { authorization: `Bearer ${token}` } });
    expect(home.status).toBe(200);
    expect(await home.text()).toContain('<form');
    expect((await fetch(new URL('/', page))).status).toBe(401);

    typeText('plan the service');
    keys('Enter');
    await waitFor('Question 1 of 2');
    const events = pageEventStream(page.origin, token);
    const card = await events.card('questionnaire');
    // The notifier got the link that opens this card on the page.
    expect(JSON.parse(await written(notified))).toMatchObject({
      kind: 'questionnaire',
      url: `${page.href}#card-${encodeURIComponent(card.id)}`,
    });
    expect(
      await answerOnThePage(remote, card.id, {
        kind: 'questionnaire',
        result: { answers: ['SQLite', 'GraphQL'], cancelled: false, custom: [false, false] },
      }),
    ).toBe(200);
    const closed = await waitFor('answered on the web page');
    expect(closed).toContain('✓ Questionnaire: 2 answers · answered on the web page');
    expect(closed).toContain('→ SQLite');
    expect(closed).not.toContain('Question 1 of 2');

    // The approval of the next call: shown in the terminal, allowed on the page.
    await waitFor('Yes, allow once');
    const asked = (await events.card('approval')).id;
    const allowed = await answerOnThePage(remote, asked, { kind: 'approval', choice: 'once' });
    expect(allowed).toBe(200);
    const end = await waitFor('SQLite with GraphQL, as you chose on the page.');
    await events.close();
    expect(end).toContain('✓ Allowed on the web page');
    expect(end).not.toContain('Yes, allow once');
    expect(readFileSync(path.join(bed.workspace, 'db.txt'), 'utf8')).toBe('sqlite');
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
