import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { ASK_USER_GUIDANCE } from '@agent/askuser';
import type { ProviderRequest } from '@agent/llm';
import { call, reply, ScriptedProvider } from '@agent/llm/testing';
import { AS_OPENAI_CHAT, Harness } from '../../test/harness';

const ENTER = '\r';
const DOWN = '\x1b[B';
const ESC = '\x1b';

const twoQuestions = {
  questions: [
    { question: 'Which database should the service use?', options: ['PostgreSQL', 'SQLite'] },
    { question: 'Which API style should we expose?', options: ['REST', 'GraphQL', 'gRPC'] },
  ],
};

/** The ask_user result the model got in `request`. */
function toolResult(request: ProviderRequest | undefined, id: string): unknown {
  for (const message of request?.messages ?? []) {
    if (message.role !== 'assistant') continue;
    const found = message.toolCalls.find((c) => c.id === id);
    if (found) return found.retainedOutput ?? found.output;
  }
  return undefined;
}

/** Sends a prompt, waits for the card, takes the preselected first option, waits for question 2. */
async function answerFirstOfTwo(h: Harness): Promise<void> {
  await h.type('go');
  h.send(ENTER);
  await h.waitForText('Question 1 of 2');
  h.send(ENTER);
  await h.waitForText('Question 2 of 2');
}

async function escape(h: Harness): Promise<void> {
  h.send(ESC);
  // blessed waits briefly to tell a lone Esc from an escape sequence.
  await new Promise((resolve) => setTimeout(resolve, 80));
}

describe('ask_user on the REPL screen', () => {
  let h: Harness;
  afterEach(async () => {
    await h?.stop();
  });

  it('is registered with its guidance for the primary agent', async () => {
    h = await new Harness().start(new ScriptedProvider([], AS_OPENAI_CHAT));
    expect(h.repl.core.registry.get('ask_user')?.interactive).toBe(true);
    expect(h.repl.core.system).toContain(ASK_USER_GUIDANCE);
    expect(h.repl.core.maxInteractive).toBe(3);
  });

  it('takes a burst of arrows in one read as keys on the card, not as the wheel', async () => {
    const provider = new ScriptedProvider(
      [reply('Two decisions first.', call('call_ask', 'ask_user', twoQuestions)), reply('ok')],
      AS_OPENAI_CHAT,
    );
    h = await new Harness().start(provider);
    await answerFirstOfTwo(h);
    h.send(DOWN.repeat(3));
    await h.waitForText('❯ 4. Type your answer');
    h.send('\x1b[A'.repeat(3));
    await h.waitForText('❯ 1. REST');
    h.send(DOWN.repeat(2));
    await h.waitForText('❯ 3. gRPC');
  });

  it('answers a two-question card with an option and a typed answer, then restores input', async () => {
    const provider = new ScriptedProvider(
      [
        reply('Two decisions first.', call('call_ask', 'ask_user', twoQuestions)),
        reply('Great: SQLite with a JSON-RPC API.'),
        reply('ok'),
      ],
      AS_OPENAI_CHAT,
    );
    h = await new Harness().start(provider, { maxAskUser: 2 });
    expect(h.repl.core.maxInteractive).toBe(2);
    await h.type('build the service');
    h.send(ENTER);
    const card = await h.waitForText('Question 1 of 2');
    expect(card).toContain('❯ 1. PostgreSQL (recommended)');
    expect(card).toContain('3. Type your answer');
    expect(card).toContain('answer the card above');
    expect(card).not.toMatch(/Running ask|Ran ask/);
    h.send(DOWN);
    await h.waitForText('❯ 2. SQLite');
    h.send(ENTER);
    await h.waitForText('Question 2 of 2');
    await h.type('/compact JSON-RPC');
    await h.waitForText('Type your answer: /compact JSON-RPC▏');
    h.send(ENTER);
    const done = await h.waitForText('Great: SQLite with a JSON-RPC API.');
    expect(toolResult(provider.requests[1], 'call_ask')).toBe(
      '{"answers":["SQLite","/compact JSON-RPC"],"cancelled":false}',
    );
    expect(done).toContain('✓ Questionnaire: 2 answers');
    expect(done).toContain('→ SQLite');
    expect(done).toContain('→ /compact JSON-RPC (typed)');
    expect(done).not.toContain('Question 1 of 2');
    expect(done).not.toMatch(/Running ask|Ran ask/);
    await h.waitForText('· ready');
    expect(await h.screen()).toContain('Type a message · / for commands');
    await h.type('next');
    h.send(ENTER);
    await h.waitFor(() => provider.requests.length === 3, 'the next prompt');
    expect(provider.requests[2]!.messages.at(-1)).toEqual({ role: 'user', text: 'next' });
  });

  it('applies validation, precedence and the --max-ask-user budget without opening extra cards', async () => {
    const sevenOptions = {
      questions: [
        twoQuestions.questions[0],
        { question: 'Which port?', options: ['1', '2', '3', '4', '5', '6', '7'] },
      ],
    };
    const provider = new ScriptedProvider(
      [
        reply('', call('call_bad', 'ask_user', sevenOptions)),
        [
          { type: 'tool_call_start', id: 'call_write', name: 'write_file' },
          {
            type: 'tool_call_end',
            id: 'call_write',
            name: 'write_file',
            arguments: JSON.stringify({ path: 'x.txt', content: 'x' }),
          },
          { type: 'tool_call_start', id: 'call_ask', name: 'ask_user' },
          {
            type: 'tool_call_end',
            id: 'call_ask',
            name: 'ask_user',
            arguments: JSON.stringify({ questions: [twoQuestions.questions[0]] }),
          },
          { type: 'end', stopReason: 'tool_use' },
        ],
        reply('', call('call_again', 'ask_user', { questions: [twoQuestions.questions[1]] })),
        reply('proceeding without more questions'),
      ],
      AS_OPENAI_CHAT,
    );
    h = await new Harness().start(provider, { maxAskUser: 1 });
    await h.type('go');
    h.send(ENTER);
    await h.waitForText('Question 1 of 1');
    expect(toolResult(provider.requests[1], 'call_bad')).toBe(
      'Invalid arguments for ask_user: questions[1].options: expected 2-6 options, got 7',
    );
    expect(toolResult(provider.requests[1], 'call_write')).toBeUndefined();
    h.send(ENTER);
    const screen = await h.waitForText('proceeding without more questions');
    expect(toolResult(provider.requests[2], 'call_write')).toBe(
      'skipped: ask_user took precedence; retry after reading the answer',
    );
    expect(toolResult(provider.requests[2], 'call_ask')).toBe(
      '{"answers":["PostgreSQL"],"cancelled":false}',
    );
    expect(toolResult(provider.requests[3], 'call_again')).toMatch(
      /^ask_user budget exhausted \(1 per turn\)/,
    );
    expect(screen).not.toContain('Allow editing');
    expect(existsSync(path.join(h.workspace, 'x.txt'))).toBe(false);
    expect(screen.match(/Questionnaire: 1 answer/g)).toHaveLength(1);
    expect(screen).not.toContain('Question 1 of 1');
    expect(screen).toMatch(
      /✗ Failed .*\n\s+⎿ Invalid arguments for ask_user: questions\[1\]\.options/,
    );
    expect(screen).toMatch(/✗ Failed .*\n\s+⎿ ask_user budget exhausted/);
    expect(screen.match(/✗ Failed/g)).toHaveLength(2);
  });

  it('keeps a large questionnaire and its answers exact on later prompts with tool history off', async () => {
    const big = {
      questions: Array.from({ length: 6 }, (_, i) => ({
        question: `Question ${i + 1}: ${'why '.repeat(240)}?`,
        options: [`First ${'a'.repeat(290)}`, `Second ${i}`, '  spaced  '],
      })),
    };
    const provider = new ScriptedProvider(
      [reply('', call('call_big', 'ask_user', big)), reply('noted'), reply('still noted')],
      AS_OPENAI_CHAT,
    );
    h = await new Harness(80, 40).start(provider, { toolHistory: 'off' });
    await h.type('go');
    h.send(ENTER);
    for (let i = 1; i <= 6; i++) {
      await h.waitForText(`Question ${i} of 6`);
      h.send(i === 6 ? '\x1b[A\x1b[A' : ENTER);
    }
    await h.waitForText('❯ 3.   spaced');
    h.send(ENTER);
    await h.waitForText('noted');
    await h.waitForText('· ready');
    await h.type('later');
    h.send(ENTER);
    await h.waitForText('still noted');
    const later = provider.requests[2]!;
    const saved = later.messages
      .flatMap((m) => (m.role === 'assistant' ? m.toolCalls : []))
      .find((c) => c.id === 'call_big');
    expect(JSON.stringify(big).length).toBeGreaterThan(4096);
    expect(saved?.input).toEqual(big);
    const answers = [...big.questions.slice(0, 5).map((q) => q.options[0]), '  spaced  '];
    expect(saved?.retainedOutput).toBe(JSON.stringify({ answers, cancelled: false }));
  });

  it('Esc cancels the questionnaire only: the model gets the partial answers and goes on', async () => {
    const provider = new ScriptedProvider(
      [
        reply('', call('call_ask', 'ask_user', twoQuestions)),
        reply('Proceeding with PostgreSQL and my own API choice.'),
      ],
      AS_OPENAI_CHAT,
    );
    h = await new Harness().start(provider);
    await answerFirstOfTwo(h);
    await escape(h);
    const screen = await h.waitForText('Proceeding with PostgreSQL');
    expect(toolResult(provider.requests[1], 'call_ask')).toBe(
      '{"answers":["PostgreSQL"],"cancelled":true}',
    );
    expect(screen).toContain('⊘ Questionnaire cancelled after 1 of 2');
    expect(screen).not.toContain('■ Stopped');
    await h.waitForText('· ready');
  });

  it('keys never reach the prompt, commands or the queue while the card is open', async () => {
    const provider = new ScriptedProvider(
      [
        reply('', call('call_ask', 'ask_user', { questions: [twoQuestions.questions[0]] })),
        reply('fine'),
      ],
      AS_OPENAI_CHAT,
    );
    h = await new Harness().start(provider);
    await h.type('go');
    h.send(ENTER);
    await h.waitForText('Question 1 of 1');
    await h.type('/help');
    h.send('\x1b[A');
    const screen = await h.waitForText('❯ 2. SQLite');
    expect(screen).not.toContain('/compact');
    expect(screen).not.toContain('queued');
    h.send(ENTER);
    await h.waitForText('fine');
    expect(toolResult(provider.requests[1], 'call_ask')).toBe(
      '{"answers":["SQLite"],"cancelled":false}',
    );
    expect(h.repl.app.queue).toEqual([]);
    expect(h.repl.app.router.input.text).toBe('');
  });

  it('takes pastes as the typed answer and leaves the half-typed prompt alone', async () => {
    const provider = new ScriptedProvider(
      [
        reply('', call('call_ask', 'ask_user', { questions: [twoQuestions.questions[1]] })),
        reply('pasted answer received'),
      ],
      AS_OPENAI_CHAT,
    );
    provider.hold();
    h = await new Harness().start(provider);
    await h.type('go');
    h.send(ENTER);
    await h.waitForText('working');
    await h.type('half-typed');
    provider.release();
    await h.waitForText('Question 1 of 1');
    // The card opened while the person typed: their text stays in the prompt, and the card
    // waits for a deliberate key (issue 20) before it takes any.
    expect(await h.screen()).toContain('› half-typed');
    expect(await h.screen()).toContain('your typing goes to the prompt');
    h.send(DOWN);
    await h.waitForText('› (answer the card above)');
    h.send('\x1b[200~line one\nline two\x1b[201~');
    await h.waitForText('Type your answer: line one⏎line two▏');
    h.send(ENTER);
    await h.waitForText('pasted answer received');
    expect(toolResult(provider.requests[1], 'call_ask')).toBe(
      '{"answers":["line one\\nline two"],"cancelled":false}',
    );
    await h.waitForText('› half-typed');
    expect(h.repl.app.router.input.text).toBe('half-typed');
    expect(provider.requests).toHaveLength(2);
  });

  it('Ctrl+C interrupts the whole turn and releases the card; the answers given reach the model and the replay', async () => {
    const provider = new ScriptedProvider(
      [reply('', call('call_ask', 'ask_user', twoQuestions)), reply('after the interruption')],
      AS_OPENAI_CHAT,
    );
    h = await new Harness().start(provider);
    await answerFirstOfTwo(h);
    h.send('\x03');
    const screen = await h.waitForText('Interrupted');
    expect(screen).toContain('■ Questionnaire interrupted after 1 of 2');
    await h.waitForText('· ready');
    expect(provider.requests).toHaveLength(1);
    await h.type('again');
    h.send(ENTER);
    await h.waitForText('after the interruption');
    const retried = provider.requests[1]!;
    expect(retried.messages.at(-1)).toEqual({ role: 'user', text: 'again' });
    const saved = retried.messages
      .flatMap((m) => (m.role === 'assistant' ? m.toolCalls : []))
      .find((c) => c.id === 'call_ask');
    expect(saved?.status).toBe('interrupted');
    // Screen, model and replay agree on the answer given before Ctrl+C.
    expect(toolResult(retried, 'call_ask')).toBe(
      '{"answers":["PostgreSQL"],"cancelled":true,"interrupted":true}',
    );
    await h.waitForText('· ready');
    const id = readdirSync(`${h.home}/sessions`)[0]!.replace(/\.jsonl$/, '');
    await h.type('/new');
    h.send(ENTER);
    await h.waitFor((s) => !s.includes('after the interruption'), 'a new session');
    await h.type(`/resume ${id}`);
    h.send(ENTER);
    const replayed = await h.waitForText('Resumed session');
    expect(replayed).toContain('■ Questionnaire interrupted after 1 of 2');
    expect(replayed).toMatch(/Which database should the service use\?\s+→ PostgreSQL/);
    expect(replayed).not.toContain('Question 2 of 2');
  });

  it('replays a saved ask_user call as its compact summary, never a live card', async () => {
    const provider = new ScriptedProvider(
      [reply('', call('call_ask', 'ask_user', twoQuestions)), reply('noted')],
      AS_OPENAI_CHAT,
    );
    h = await new Harness().start(provider);
    await answerFirstOfTwo(h);
    await h.type('Thrift');
    h.send(ENTER);
    await h.waitForText('noted');
    await h.waitForText('· ready');
    const id = readdirSync(`${h.home}/sessions`)[0]!.replace(/\.jsonl$/, '');
    await h.type('/new');
    h.send(ENTER);
    await h.waitFor((s) => !s.includes('noted'), 'a new session');
    await h.type(`/resume ${id}`);
    h.send(ENTER);
    const replayed = await h.waitForText('Resumed session');
    expect(replayed).toContain('✓ Questionnaire: 2 answers');
    expect(replayed).toContain('→ PostgreSQL');
    expect(replayed).toContain('→ Thrift (typed)');
    expect(replayed).not.toContain('Question 1 of 2');
    expect(h.repl.app.modals.active).toBeUndefined();
  });
});
