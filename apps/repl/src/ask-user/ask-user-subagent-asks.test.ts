import { call, reply, ScriptedProvider } from '@agent/llm/testing';
import type { ProviderRequest, ToolActivity } from '@agent/llm';
import { AS_OPENAI_CHAT, Harness } from '../../test/harness';

jest.setTimeout(60_000);

const ENTER = '\r';
const DOWN = '\x1b[B';

const questions = [{ question: 'Which database?', options: ['PostgreSQL', 'SQLite '] }];

/** Every tool call the request carries, with what it was answered. */
function calls(request: ProviderRequest | undefined): ToolActivity[] {
  return (request?.messages ?? []).flatMap((m) => (m.role === 'assistant' ? m.toolCalls : []));
}

describe('a subagent asks through the parent, who asks the person (ASK_USER.md §10, end to end)', () => {
  let h: Harness | undefined;
  afterEach(async () => {
    await h?.stop();
    h = undefined;
  });

  it('the person answers the parent’s card and the subagent’s next request carries the exact answer', async () => {
    const provider = new ScriptedProvider<ProviderRequest>(
      [
        reply(
          '',
          call('call_task', 'task', {
            description: 'set up storage',
            prompt: 'Add a storage layer.',
            agent: 'explore',
          }),
        ),
        reply('', call('sub_ask', 'request_clarification', { questions, why: 'Schema depends.' })),
        reply('', call('call_ask', 'ask_user', { questions })),
        reply('', call('call_resume', 'task', { resume: 'call_task', answers: ['SQLite '] })),
        reply('Storage added on SQLite.'),
        reply('Done: the subagent used SQLite.'),
      ],
      AS_OPENAI_CHAT,
    );
    h = await new Harness(100, 30).start(provider);
    await h.type('set up the store');
    h.send(ENTER);
    const card = await h.waitForText('Question 1 of 1', 15_000);
    // Which subagent asked what is on screen above the parent's card.
    expect(card).toContain('explore needs input');
    expect(card).toContain('explore asked: Which database? (PostgreSQL / "SQLite ")');
    h.send(DOWN);
    h.send(ENTER);
    const screen = await h.waitForText('Done: the subagent used SQLite.', 15_000);
    expect(screen).toContain('explore was told: Which database? → "SQLite "');

    const [, sub, parentAsks, parentResumes, subResumed] = provider.requests;
    expect(sub!.tools.map((t) => t.name)).toContain('request_clarification');
    expect(sub!.tools.map((t) => t.name)).not.toContain('ask_user');
    expect(JSON.parse(calls(parentAsks).find((c) => c.id === 'call_task')!.output!)).toEqual({
      status: 'needs_input',
      task_id: 'call_task',
      why: 'Schema depends.',
      questions,
    });
    expect(calls(parentResumes).find((c) => c.id === 'call_ask')!.output).toBe(
      '{"answers":["SQLite "],"cancelled":false}',
    );
    // The subagent goes on from its own history, its question answered exactly.
    expect(subResumed!.messages[0]).toEqual(
      expect.objectContaining({ role: 'user', text: 'Add a storage layer.' }),
    );
    expect(calls(subResumed).find((c) => c.id === 'sub_ask')!.output).toBe(
      '{"answers":["SQLite "],"cancelled":false}',
    );
  });

  it('offline: the demo delegates a decision, the person picks on the parent’s card, the subagent reports it', async () => {
    h = await new Harness(100, 30).start(undefined);
    await h.type('delegate a decision');
    h.send(ENTER);
    const card = await h.waitForText('Question 1 of 1', 15_000);
    expect(card).toContain('explore asked: Which language should the example use?');
    h.send(DOWN);
    h.send(ENTER);
    const screen = await h.waitForText('I was told to use Python.', 15_000);
    expect(screen).toContain('explore was told: Which language should the example use? → Python');
  });
});
