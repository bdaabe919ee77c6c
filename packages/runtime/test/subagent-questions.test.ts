import { loadSession } from '@agent/session';
import { startOpenAIChatServer, subagentQuestion } from '@agent/testkit';
import { allowAll } from '@agent/tools';
import { openSavedSession } from '../src';
import { boxSession, sessionBox } from './support/session-box';

const { questions, delegate, clarify: ask, resume } = subagentQuestion;

type WireMessage = { role: string; content?: string; tool_call_id?: string; tool_calls?: any[] };

describe('a subagent that asked, in a saved session', () => {
  const box = sessionBox('subagent-questions');

  it('is resumed after the session is: its kept history and the exact answers reach its next request', async () => {
    box.server = await startOpenAIChatServer([
      delegate,
      ask,
      { text: 'The subagent asks which database to use: PostgreSQL or SQLite?' },
      resume,
      { text: 'Storage added on SQLite.' },
      { text: 'Done: the subagent used SQLite.' },
    ]);
    const first = await boxSession(box, { person: allowAll });
    await first.runTurn('set up the store');
    const file = first.sessionFile!;
    await first.close();

    const recorded = (await loadSession(file)).events.filter((e) => e.type === 'subagent_task');
    expect(recorded).toEqual([
      expect.objectContaining({ taskId: 'call_task', callId: 'call_task' }),
    ]);

    // A new process: the session is continued from its file.
    const second = await boxSession(box, {
      person: allowAll,
      resume: await openSavedSession(file),
    });
    await second.runTurn('SQLite, as the option says');
    await second.close();

    const requests = box.server.requests.map((r) => r.body.messages as WireMessage[]);
    expect(requests).toHaveLength(6);
    const resumedSub = requests[4]!;
    expect(resumedSub[1]).toEqual({ role: 'user', content: 'Add a storage layer.' });
    const asked = resumedSub[2]!.tool_calls![0];
    expect(asked.id).toBe('sub_ask');
    expect(JSON.parse(asked.function.arguments)).toEqual({
      questions,
      why: 'The schema depends on it.',
    });
    expect(resumedSub[3]).toEqual({
      role: 'tool',
      tool_call_id: 'sub_ask',
      content: '{"answers":["SQLite "],"cancelled":false}',
    });
    const parentLast = requests[5]!.at(-1)!;
    expect(parentLast.tool_call_id).toBe('call_resume');
    expect(parentLast.content).toContain('Storage added on SQLite.');
    // Finished: a third session has nobody waiting.
    const done = (await loadSession(file)).events.filter((e) => e.type === 'subagent_task');
    expect(done.at(-1)).toEqual(expect.objectContaining({ taskId: 'call_task', done: true }));
  });

  it('with nobody to ask, the parent answers from context and the turn ends', async () => {
    box.server = await startOpenAIChatServer([
      delegate,
      ask,
      resume,
      { text: 'Storage added on SQLite.' },
      { text: 'Done.' },
    ]);
    // No front end added ask_user: the parent answers from what the prompt says.
    const session = await boxSession(box, { person: allowAll });
    await session.runTurn('set up the store on SQLite');
    await session.close();
    const requests = box.server.requests.map((r) => r.body);
    expect(requests.map((r) => r.tools.map((t: any) => t.function.name))[0]).not.toContain(
      'ask_user',
    );
    const needs = requests[2].messages.at(-1);
    expect(JSON.parse(needs.content)).toEqual({
      status: 'needs_input',
      task_id: 'call_task',
      why: 'The schema depends on it.',
      questions,
    });
    expect(requests[3].messages.at(-1).content).toBe('{"answers":["SQLite "],"cancelled":false}');
    expect(requests[4].messages.at(-1).content).toContain('Storage added on SQLite.');
  });
});
