import { loadSession, projectSession, SessionWriter } from '@agent/session';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { call, reply, ScriptedProvider } from '@agent/llm/testing';
import type { ProviderRequest } from '@agent/llm';
import { AS_OPENAI_CHAT, Harness } from '../../test/harness';
import { occurrences } from '../../test/support/occurrences';

const ENTER = '\r';
const ESC = '\x1b';

const questions = {
  questions: [
    { question: 'Which database should the service use?', options: ['PostgreSQL', 'SQLite'] },
    { question: 'Which API style should we expose?', options: ['REST', 'GraphQL'] },
  ],
};

/** A session as a crash (kill -9) leaves it: the ask_user call recorded, never ended. */
async function crashedSession(h: Harness): Promise<string> {
  const writer = await SessionWriter.create({
    agentHome: h.home,
    cwd: h.workspace,
    provider: 'openai-chat',
    model: 'scripted-model',
  });
  writer.recordUser('set up the service');
  writer.recordLoopEvent({
    type: 'assistant_message',
    message: {
      role: 'assistant',
      text: 'Two decisions first.',
      toolCalls: [
        { id: 'call_open', name: 'ask_user', input: questions, status: 'pending', summary: '' },
      ],
    },
  });
  await writer.close();
  return writer.path;
}

function resultOf(messages: readonly unknown[], id: string): unknown {
  for (const message of messages as Array<{
    role: string;
    toolCalls?: Array<Record<string, unknown>>;
  }>) {
    const call = message.toolCalls?.find((c) => c.id === id);
    if (call) return { status: call.status, output: call.retainedOutput ?? call.output };
  }
  return undefined;
}

/** Answers the reopened card: SQLite (the second option), then REST (the recommended one). */
async function answerSqliteAndRest(h: Harness): Promise<void> {
  await h.waitForText('Question 1 of 2', 15_000);
  h.send('\x1b[B');
  h.send(ENTER);
  await h.waitForText('Question 2 of 2');
  h.send(ENTER);
}

describe('a questionnaire open when the session ended is offered again on resume', () => {
  let h: Harness;
  afterEach(async () => {
    await h?.stop();
  });

  it('--continue opens the card for the same call; its answer becomes that call result', async () => {
    h = new Harness();
    const file = await crashedSession(h);
    const provider = new ScriptedProvider<ProviderRequest>(
      [reply('Continuing with SQLite and REST.')],
      AS_OPENAI_CHAT,
    );
    await h.start(provider, { continue: true });
    // The call is drawn once, as its live card: the replay above it does not draw it ended.
    expect(await h.waitForText('again below.')).not.toContain('interrupted');
    await answerSqliteAndRest(h);
    const screen = await h.waitForText('Continuing with SQLite and REST.');
    expect(screen).not.toContain('interrupted');
    expect(occurrences(screen, '✓ Questionnaire: 2 answers')).toBe(1);
    const request = provider.requests[0]!;
    expect(request.messages.filter((m) => m.role === 'user')).toHaveLength(1);
    expect(resultOf(request.messages, 'call_open')).toEqual({
      status: 'ok',
      output: '{"answers":["SQLite","REST"],"cancelled":false}',
    });
    await h.waitForText('· ready');
    await h.stop({ keep: true });
    const saved = projectSession((await loadSession(file)).events).messages;
    expect(resultOf(saved, 'call_open')).toEqual({
      status: 'ok',
      output: '{"answers":["SQLite","REST"],"cancelled":false}',
    });
    expect(readdirSync(path.dirname(file))).toHaveLength(1);
  });

  it('/undo takes back the edits of the continued turn, with the prompt that started it', async () => {
    h = new Harness();
    await crashedSession(h);
    const provider = new ScriptedProvider<ProviderRequest>(
      [
        reply(
          'Writing it down.',
          call('w1', 'write_file', { path: 'db.txt', content: 'sqlite\n' }),
        ),
        reply('Recorded.'),
      ],
      AS_OPENAI_CHAT,
    );
    await h.start(provider, { continue: true });
    await answerSqliteAndRest(h);
    await h.waitForText('Yes, allow once');
    h.send(ENTER);
    await h.waitForText('Recorded.');
    await h.waitForText('· ready');
    expect(existsSync(path.join(h.workspace, 'db.txt'))).toBe(true);
    h.send('/undo');
    h.send(ENTER);
    await h.waitForText('Undone: removed db.txt (created by that turn).');
    expect(existsSync(path.join(h.workspace, 'db.txt'))).toBe(false);
  });

  it('a card open when the terminal closes (SIGHUP) is offered again on --continue', async () => {
    const first = new Harness();
    await first.start(
      new ScriptedProvider<ProviderRequest>(
        [reply('Two decisions first.', call('call_hup', 'ask_user', questions))],
        AS_OPENAI_CHAT,
      ),
    );
    await first.type('set up the service');
    first.send(ENTER);
    await first.waitForText('Question 1 of 2');
    first.send(ENTER);
    await first.waitForText('Question 2 of 2');
    // What main.ts does on SIGHUP and SIGTERM.
    await first.repl.quit(129, true);
    first.term.dispose();
    const [file] = readdirSync(path.join(first.home, 'sessions'));
    const events = (await loadSession(path.join(first.home, 'sessions', file!))).events;
    expect(events.some((e) => e.type === 'tool_end')).toBe(false);

    h = new Harness(80, 24, { home: first.home, workspace: first.workspace });
    const provider = new ScriptedProvider<ProviderRequest>(
      [reply('Continuing with SQLite and REST.')],
      AS_OPENAI_CHAT,
    );
    try {
      await h.start(provider, { continue: true });
      // The answer given before the terminal closed was kept (ASK_USER.md §9): the card opens
      // at the next question; Shift+Tab goes back to change it.
      await h.waitForText('Question 2 of 2', 15_000);
      h.send('\x1b[Z');
      await answerSqliteAndRest(h);
      await h.waitForText('Continuing with SQLite and REST.');
      expect(resultOf(provider.requests[0]!.messages, 'call_hup')).toEqual({
        status: 'ok',
        output: '{"answers":["SQLite","REST"],"cancelled":false}',
      });
    } finally {
      await h.stop();
      first.cleanup();
    }
  });

  it('Esc on the reopened card gives the cancelled result and the model continues', async () => {
    h = new Harness();
    await crashedSession(h);
    const provider = new ScriptedProvider<ProviderRequest>(
      [reply('Understood, no decision yet.')],
      AS_OPENAI_CHAT,
    );
    await h.start(provider, { continue: true });
    await h.waitForText('Question 1 of 2');
    h.send(ENTER);
    await h.waitForText('Question 2 of 2');
    h.send(ESC);
    await h.waitForText('Understood, no decision yet.');
    expect(resultOf(provider.requests[0]!.messages, 'call_open')).toEqual({
      status: 'ok',
      output: '{"answers":["PostgreSQL"],"cancelled":true}',
    });
  });

  it('Ctrl+C on the reopened card interrupts; the answer given is paired with the call', async () => {
    h = new Harness();
    await crashedSession(h);
    const provider = new ScriptedProvider<ProviderRequest>([reply('Carrying on.')], AS_OPENAI_CHAT);
    await h.start(provider, { continue: true });
    await h.waitForText('Question 1 of 2', 15_000);
    h.send(ENTER);
    await h.waitForText('Question 2 of 2');
    h.send('\x03');
    await h.waitForText('interrupted after 1 of 2');
    await h.waitForText('· ready');
    expect(provider.requests).toHaveLength(0);
    await h.type('carry on');
    h.send(ENTER);
    await h.waitForText('Carrying on.');
    expect(resultOf(provider.requests[0]!.messages, 'call_open')).toEqual({
      status: 'interrupted',
      output: '{"answers":["PostgreSQL"],"cancelled":true,"interrupted":true}',
    });
  });

  it('/resume ID does the same from a running REPL', async () => {
    h = new Harness();
    const file = await crashedSession(h);
    const id = path.basename(file).replace(/\.jsonl$/, '');
    const provider = new ScriptedProvider<ProviderRequest>(
      [reply('Picked up where we stopped.')],
      AS_OPENAI_CHAT,
    );
    await h.start(provider);
    await h.waitForText('Type a message', 15_000);
    await h.type(`/resume ${id}`);
    h.send(ENTER);
    await h.waitForText('Question 1 of 2');
    h.send(ENTER);
    await h.waitForText('Question 2 of 2');
    h.send(ENTER);
    await h.waitForText('Picked up where we stopped.');
    expect(resultOf(provider.requests[0]!.messages, 'call_open')).toEqual({
      status: 'ok',
      output: '{"answers":["PostgreSQL","REST"],"cancelled":false}',
    });
  });

  it('with --max-ask-user 0 the call is closed as interrupted and nothing opens', async () => {
    h = new Harness();
    await crashedSession(h);
    const provider = new ScriptedProvider<ProviderRequest>([reply('fine')], AS_OPENAI_CHAT);
    await h.start(provider, { continue: true, maxAskUser: 0 });
    await h.waitForText('Resumed session');
    expect(await h.screen()).not.toContain('Question 1 of 2');
    await h.type('go on');
    h.send(ENTER);
    await h.waitForText('fine');
    expect(resultOf(provider.requests[0]!.messages, 'call_open')).toMatchObject({
      status: 'interrupted',
    });
  });
});
