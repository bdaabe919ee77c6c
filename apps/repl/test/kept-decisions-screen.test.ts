import { realpathSync } from 'node:fs';
import type { ProviderRequest } from '@agent/llm';
import { DecisionBook } from '@agent/runtime';
import { call, reply, ScriptedProvider } from '@agent/llm/testing';
import { AS_OPENAI_CHAT, Harness } from './harness';

// Issue 36 item 11 (ASK_USER.md §10): answers kept with /remember reach the next session's first
// request, a kept question asked again opens with its answer preselected and dated, and
// /decisions revoke forgets it.

const ENTER = '\r';
const DOWN = '\x1b[B';

const design = {
  questions: [
    { question: 'Which database should the service use?', options: ['Postgres', 'SQLite'] },
    { question: 'Which checks should CI run?', options: ['Lint', 'Tests'], multiSelect: true },
  ],
};
// The same question as the model might word it again: other spacing and case.
const again = {
  questions: [
    { question: 'which database  should the service use?', options: ['Postgres', 'SQLite'] },
  ],
};

async function command(h: Harness, text: string, shown: string): Promise<string> {
  await h.type(text);
  h.send(ENTER);
  return h.waitForText(shown);
}

describe('kept decisions on a blessed screen', () => {
  let h: Harness;
  afterEach(async () => {
    await h?.stop();
  });

  it('/remember all keeps the answers; a new session is told them, preselects them when asked again, and forgets them once revoked', async () => {
    const provider = new ScriptedProvider<ProviderRequest>(
      [
        reply('Two decisions first.', call('call_design', 'ask_user', design)),
        reply('Going with SQLite.'),
        reply('Asking again anyway.', call('call_again', 'ask_user', again)),
        reply('SQLite again.'),
        reply('Nothing kept now.'),
      ],
      AS_OPENAI_CHAT,
    );
    h = await new Harness(100, 40).start(provider);
    await command(h, 'plan the service', 'Question 1 of 2');
    h.send(DOWN);
    h.send(ENTER);
    await h.waitForText('Question 2 of 2');
    h.send(DOWN + DOWN);
    h.send(ENTER);
    await h.waitForText('Going with SQLite.');
    expect(provider.requests[0]!.system).not.toContain('Decisions the person made');

    let screen = await command(h, '/remember all', 'Kept 2 decisions for this project');
    expect(screen).toContain('Which database should the service use? → "SQLite"');
    await command(h, '/new', 'New session.');

    await command(h, 'set up the service', 'Question 1 of 1');
    const system = provider.requests[2]!.system;
    expect(system).toContain('do not ask these questions again');
    expect(system).toContain(
      '- "Which database should the service use?" → "SQLite" (this project, decided ',
    );
    expect(system).toContain('- "Which checks should CI run?" → ["Lint"] (this project, decided ');
    const today = new Date().toISOString().slice(0, 10);
    screen = await h.waitForText(`kept decision from ${today}`);
    expect(screen).toContain('❯ 2. SQLite');
    h.send(ENTER);
    await h.waitForText('SQLite again.');
    const result = provider.requests[3]!.messages.flatMap((m) =>
      m.role === 'assistant' ? m.toolCalls.filter((c) => c.id === 'call_again') : [],
    )[0];
    expect(result?.output).toBe('{"answers":["SQLite"],"cancelled":false}');

    screen = await command(h, '/decisions list', 'Kept decisions');
    expect(screen).toContain(
      ' 1. Which database should the service use? → "SQLite"  · this project',
    );
    await command(h, '/decisions revoke 1', 'Revoked: Which database should the service use?');
    await command(h, '/new', 'New session.');
    await command(h, 'go on', 'Nothing kept now.');
    const after = provider.requests[4]!.system;
    expect(after).not.toContain('Which database should the service use?');
    expect(after).toContain('"Which checks should CI run?" → ["Lint"]');
  });

  it('/remember after a questionnaire closed with no answer says so, not that there was none', async () => {
    const provider = new ScriptedProvider<ProviderRequest>(
      [reply('One question.', call('call_again', 'ask_user', again)), reply('On my own, then.')],
      AS_OPENAI_CHAT,
    );
    h = await new Harness(100, 30).start(provider);
    await command(h, 'plan the service', 'Question 1 of 1');
    h.send('\x1b');
    await h.waitForText('On my own, then.');
    await h.waitForText('· ready');
    await command(h, '/remember', 'the last questionnaire was closed with no answer given');
  });

  it('/decisions edits and revokes by number, refuses a number not listed, and /remember needs a questionnaire', async () => {
    const provider = new ScriptedProvider<ProviderRequest>([], AS_OPENAI_CHAT);
    h = new Harness(100, 30);
    const book = new DecisionBook(h.home, realpathSync(h.workspace));
    book.keep([{ question: 'Which database?', answer: 'SQLite' }], 'project', 'earlier');
    book.keep([{ question: 'Which checks?', answer: ['Lint'] }], 'global', 'earlier');
    await h.start(provider);
    await command(h, '/remember', 'this session has no answered questionnaire to remember');
    await command(h, '/decisions edit 1 MySQL 8', 'Changed: Which database? → "MySQL 8"');
    await command(
      h,
      '/decisions edit 2 ["Lint","Tests"]',
      'Changed: Which checks? → ["Lint","Tests"]',
    );
    expect(book.list().map((d) => d.answer)).toEqual(['MySQL 8', ['Lint', 'Tests']]);
    // A JSON string keeps the edge spaces the command line would drop.
    await command(h, '/decisions edit 1 " MySQL 8 "', 'Changed: Which database? → " MySQL 8 "');
    expect(book.list()[0]!.answer).toBe(' MySQL 8 ');
    await command(h, '/decisions revoke 3', 'No decision 3: N runs from 1 to 2');
    const screen = await command(h, '/decisions list', 'Kept decisions');
    expect(screen).toContain(' 2. Which checks? → ["Lint","Tests"]  · every project');
    await command(h, '/decisions revoke 2', 'Revoked: Which checks?');
    expect(book.list().map((d) => d.question)).toEqual(['Which database?']);
  });

  it('the /decisions picker revokes with Delete and puts the edit command for the one picked into the prompt', async () => {
    h = new Harness(100, 30);
    const book = new DecisionBook(h.home, realpathSync(h.workspace));
    book.keep([{ question: 'Which database?', answer: 'SQLite' }], 'project', 'earlier');
    book.keep([{ question: 'Which checks?', answer: ['Lint'] }], 'global', 'earlier');
    book.keep([{ question: 'Which region?', answer: 'eu-west' }], 'global', 'earlier');
    await h.start(new ScriptedProvider<ProviderRequest>([], AS_OPENAI_CHAT));
    await command(h, '/decisions', 'Kept decisions · ↑↓ select');
    h.send('\x1b[3~');
    await h.waitForText('Revoked: Which database? → "SQLite"');
    expect(book.list().map((d) => d.question)).toEqual(['Which checks?', 'Which region?']);
    h.send(DOWN);
    h.send(ENTER);
    await h.waitForText('/decisions edit 2 eu-west');
  });
});
