import type { Message, ProviderRequest } from '@agent/llm';
import { call, reply, ScriptedProvider } from '@agent/llm/testing';
import { AS_OPENAI_CHAT, Harness } from './harness';
import { occurrences } from './support/occurrences';

// ASK_USER.md §8-§10: a compaction keeps an answered questionnaire in its checkpoint's ledger.
// A resumed session starts at that checkpoint, so the ledger is all it has of the questionnaire:
// /amend and /remember find it there, amended answers applied, as the transcript shows them.

const ENTER = '\r';
const UP = '\x1b[A';
const DOWN = '\x1b[B';

const design = {
  questions: [
    { question: 'Which database should the service use?', options: ['Postgres', 'SQLite'] },
    { question: 'Which checks should CI run?', options: ['Lint', 'Tests'], multiSelect: true },
  ],
};

async function command(h: Harness, text: string, shown: string): Promise<string> {
  await h.type(text);
  h.send(ENTER);
  return h.waitForText(shown);
}

const POSTGRES = '{"answers":["Postgres",["Lint"]],"cancelled":false}';

/** Runs /amend; the screen once its card opened (or it said there was nothing to amend). */
async function amendCard(h: Harness): Promise<string> {
  await h.type('/amend');
  h.send(ENTER);
  const screen = await h.waitFor(
    (s) => s.includes('Question 1 of 2') || s.includes('no answered questionnaire'),
    'the /amend card',
  );
  expect(screen).not.toContain('no answered questionnaire');
  return screen;
}

const lastMessage = (request: ProviderRequest | undefined): Message | undefined =>
  request?.messages.at(-1);

describe('/amend and /remember after /compact and a resume', () => {
  let h: Harness;
  afterEach(async () => {
    await h?.stop();
  });

  it('reopen and keep the questionnaire a resumed session has only in its ledger, amended', async () => {
    const provider = new ScriptedProvider<ProviderRequest>(
      [
        reply('Two decisions first.', call('call_design', 'ask_user', design)),
        reply('Going with SQLite.'),
        reply('- the person chose the database and the checks'),
        reply('Switching to Postgres.'),
        reply('- the person switched the database to Postgres'),
        reply('Back to SQLite.'),
      ],
      AS_OPENAI_CHAT,
    );
    h = await new Harness(100, 40).start(provider);
    let screen: string;
    await command(h, 'plan the service', 'Question 1 of 2');
    h.send(DOWN);
    h.send(ENTER);
    await h.waitForText('Question 2 of 2');
    h.send(DOWN + DOWN);
    h.send(ENTER);
    await h.waitForText('Going with SQLite.');
    await h.waitForText('· ready');
    await command(h, '/compact', 'into a summary');
    await h.waitForText('· ready');

    // Amended after the compaction, the amendment is the next prompt's.
    screen = await amendCard(h);
    expect(screen).toContain('❯ 2. SQLite');
    h.send(UP);
    h.send(ENTER);
    screen = await h.waitForText('Question 2 of 2');
    expect(screen).toContain('[✓] Lint');
    h.send(DOWN + DOWN);
    h.send(ENTER);
    await h.waitForText('Switching to Postgres.');
    expect(lastMessage(provider.requests[3])).toMatchObject({
      role: 'user',
      amends: { callId: 'call_design', output: POSTGRES },
    });
    await h.waitForText('· ready');

    // Compacted again and resumed, the conversation starts at the checkpoint: the questionnaire
    // and its amendment are only in the checkpoint's ledger.
    // The first compaction's line is still on the screen: wait for a second one.
    await h.type('/compact');
    h.send(ENTER);
    await h.waitFor((s) => occurrences(s, 'into a summary') === 2, 'the second compaction');
    await h.waitForText('· ready');
    const id = h.repl.core.sessionId!;
    await command(h, '/new', 'New session.');
    await command(h, `/resume ${id}`, `Resumed session ${id}`);
    expect(h.repl.core.history.map((m) => m.role)).toEqual(['checkpoint']);

    screen = await amendCard(h);
    expect(screen).toContain('❯ 1. Postgres');
    h.send(DOWN);
    h.send(ENTER);
    await h.waitForText('Question 2 of 2');
    h.send(DOWN + DOWN);
    h.send(ENTER);
    await h.waitForText('Back to SQLite.');
    const amending = lastMessage(provider.requests[5]);
    expect(amending).toMatchObject({
      role: 'user',
      amends: {
        callId: 'call_design',
        output: '{"answers":["SQLite",["Lint"]],"cancelled":false}',
      },
    });
    expect(amending?.role === 'user' && amending.text).toContain(
      '- "Which database should the service use?": was "Postgres", now "SQLite"',
    );
    await h.waitForText('· ready');

    // /remember keeps the answers as they stand: the latest amendment.
    screen = await command(h, '/remember all', 'Kept 2 decisions for this project');
    expect(screen).toContain('Which database should the service use? → "SQLite"');
    expect(screen).toContain('Which checks should CI run? → ["Lint"]');
  });
});
