import { call, reply, ScriptedProvider } from '@agent/llm/testing';
import { pageEventStream, type PageEventStream } from '@agent/testkit';
import { postOperation, type RemotePage } from './support/remote-page';
import { AS_OPENAI_CHAT, Harness } from './harness';

const ENTER = '\r';
const DOWN = '\x1b[B';

const questions = {
  questions: [
    { question: 'Which database should the service use?', options: ['PostgreSQL', 'SQLite'] },
    { question: 'Which API style should we expose?', options: ['REST', 'GraphQL'] },
  ],
};

/** A REPL asked `questions` by the model, with its web page (`/remote`) running. */
async function askedWithThePage() {
  const provider = new ScriptedProvider(
    [reply('', call('call_ask', 'ask_user', questions)), reply('Done.')],
    AS_OPENAI_CHAT,
  );
  const live = await new Harness(200, 40).start(provider);
  await live.type('/remote');
  live.send(ENTER);
  const printed = await live.waitForText('The web page is running: ');
  const match = /The web page is running: (http:\/\/127\.0\.0\.1:\d+\/\?token=([\w-]+))/.exec(
    printed,
  );
  if (!match) throw new Error(`no page URL on the screen:\n${printed}`);
  const remote = { page: new URL(match[1]!), token: match[2]!, printed };
  await live.type('plan the service');
  live.send(ENTER);
  await live.waitForText('Question 1 of 2');
  return { live, remote, provider };
}

/** The page's event stream of `remote`, as a page opened now reads it. */
function pageOf(remote: RemotePage): PageEventStream {
  return pageEventStream(remote.page.origin, remote.token);
}

/** What the model was told the questionnaire call returned, in its next request. */
function toolResult(provider: ScriptedProvider): string | undefined {
  for (const message of provider.requests[1]?.messages ?? []) {
    if (message.role !== 'assistant') continue;
    const asked = message.toolCalls.find((activity) => activity.id === 'call_ask');
    if (asked) return asked.retainedOutput;
  }
  return undefined;
}

describe('answers given so far are shared live between the terminal card and the web page', () => {
  it('an answer on the terminal shows on the page, open and joining late; the page finishes', async () => {
    const { live, remote, provider } = await askedWithThePage();
    const open = pageOf(remote);
    try {
      const card = await open.card('questionnaire');
      live.send(DOWN);
      live.send(ENTER);
      await live.waitForText('Question 2 of 2');
      const heard = await open.until((e) => e.type === 'card_progress', 'the answer to question 1');
      expect(heard).toMatchObject({
        id: card.id,
        by: 'the terminal',
        given: [{ answer: 'SQLite', custom: false }],
      });
      const late = pageOf(remote);
      const joined = await late.card('questionnaire');
      await late.close();
      expect((joined.questions as Array<{ given?: unknown }>).map((q) => q.given)).toEqual([
        { answer: 'SQLite', custom: false },
        undefined,
      ]);
      const status = await postOperation(remote, {
        type: 'answer',
        id: card.id,
        answer: {
          kind: 'questionnaire',
          result: { answers: ['SQLite', 'GraphQL'], cancelled: false },
        },
      });
      expect(status).toBe(200);
      await live.waitForText('Done.');
      expect(toolResult(provider)).toBe('{"answers":["SQLite","GraphQL"],"cancelled":false}');
    } finally {
      await open.close();
      await live.stop();
    }
  });

  it('an answer on the page shows on the terminal card, which moves on; the terminal finishes', async () => {
    const { live, remote, provider } = await askedWithThePage();
    const page = pageOf(remote);
    try {
      const card = await page.card('questionnaire');
      const status = await postOperation(remote, {
        type: 'progress',
        id: card.id,
        progress: { answers: ['SQLite'], custom: [false] },
      });
      expect(status).toBe(200);
      const screen = await live.waitForText('Question 2 of 2');
      expect(screen).toContain('Which API style should we expose?');
      live.send(DOWN);
      live.send(ENTER);
      const done = await live.waitForText('Done.');
      expect(done).toContain('→ SQLite');
      expect(done).toContain('→ GraphQL');
      expect(toolResult(provider)).toBe('{"answers":["SQLite","GraphQL"],"cancelled":false}');
    } finally {
      await page.close();
      await live.stop();
    }
  });
});
