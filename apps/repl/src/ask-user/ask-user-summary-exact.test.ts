import { call as callOf, reply, ScriptedProvider } from '@agent/llm/testing';
import type { ProviderRequest } from '@agent/llm';
import { AS_OPENAI_CHAT, Harness } from '../../test/harness';

jest.setTimeout(60_000);

const ENTER = '\r';
const DOWN = '\x1b[B';

/** A REPL on a real blessed screen whose model asks `questions` once, then says `after`. */
async function ask(h: Harness, questions: unknown[], after: string): Promise<Harness> {
  const provider = new ScriptedProvider<ProviderRequest>(
    [reply('', callOf('c1', 'ask_user', { questions })), reply(after)],
    AS_OPENAI_CHAT,
  );
  await h.start(provider);
  await h.type('go');
  h.send(ENTER);
  return h;
}

describe('what the card shows is what the summary shows (ASK_USER.md §9, issue 36 items 7 and 9)', () => {
  let h: Harness | undefined;
  afterEach(async () => {
    await h?.stop();
    h = undefined;
  });

  it('an answer that differs from another option only in hidden characters keeps them visible in the summary', async () => {
    h = await ask(
      new Harness(80, 24),
      [
        { question: 'Trailing space?', options: ['ok', 'ok '] },
        { question: 'Zero width?', options: ['ab', 'a\u200bb'] },
        { question: 'No-break space?', options: ['a b', 'a\u00a0b'] },
      ],
      'all three',
    );
    await h.waitForText('Question 1 of 3', 15_000);
    h.send(DOWN);
    h.send(ENTER);
    await h.waitForText('Question 2 of 3');
    h.send(DOWN);
    h.send(ENTER);
    const card = await h.waitForText('Question 3 of 3');
    // The card tells the no-break space from the plain one.
    expect(card).toContain('a␠b');
    expect(card).toContain('a⍽b');
    h.send(DOWN);
    h.send(ENTER);
    const screen = await h.waitForText('all three');
    expect(screen).toContain('→ ok␠');
    expect(screen).toContain('→ a\\u200bb');
    expect(screen).toContain('→ a⍽b');
  });

  it('a multi-select summary marks the entry that was typed, and a strip label says what the question is about', async () => {
    h = await ask(
      new Harness(90, 24),
      [
        { question: 'Which checks should CI run?', options: ['Lint', 'Tests'], multiSelect: true },
        { question: 'Where should it deploy first?', options: ['eu-west', 'us-east'] },
      ],
      'noted',
    );
    const card = await h.waitForText('Question 1 of 2', 15_000);
    expect(card).toContain('deploy');
    expect(card).not.toMatch(/·Where\b/);
    await h.type('smoke');
    h.send(ENTER);
    await h.waitForText('Question 2 of 2');
    h.send(ENTER);
    const screen = await h.waitForText('noted');
    expect(screen).toContain('→ Lint, smoke (typed)');
    expect(screen).not.toContain('→ Lint (typed)');
  });
});
