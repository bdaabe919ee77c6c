import type { LoopEvent } from '@agent/llm';
import { loadSession, migrateEvent, SessionWriter, waitingSubagentTasks } from '../src';
import { tempAgentHome } from './helpers';

const questions = [{ question: 'Which database?', options: ['PostgreSQL', 'SQLite '] }];

/** A subagent's record as the `task` tool reports it when the subagent asked. */
function asked(taskId: string) {
  return {
    kind: 'subagent_task',
    task: {
      taskId,
      agent: 'explore',
      description: 'set up storage',
      messages: [
        { role: 'user', text: 'Add a storage layer.' },
        {
          role: 'assistant',
          text: '',
          toolCalls: [
            {
              id: 'sub_read',
              name: 'read_file',
              input: { path: 'a.ts' },
              arguments: '{"path":"a.ts"}',
              status: 'ok',
              summary: 'read 1 line of a.ts',
              output: 'raw file text',
            },
          ],
        },
        {
          role: 'assistant',
          text: '',
          toolCalls: [
            {
              id: 'sub_ask',
              name: 'request_clarification',
              input: { questions },
              status: 'pending',
              summary: '',
            },
          ],
        },
      ],
      pending: { callId: 'sub_ask', questions, why: 'The schema depends on it.' },
      asked: 1,
    },
  };
}

describe('a subagent waiting for answers, in the session file', () => {
  it('is written without raw outputs, read back exactly, and forgotten once it finished', async () => {
    const { home, cleanup } = await tempAgentHome();
    try {
      const writer = await SessionWriter.create({
        agentHome: home,
        cwd: '/w',
        provider: 'demo',
        model: 'demo',
      });
      const update = (data: unknown): LoopEvent => ({
        type: 'tool_update',
        id: 'call_a',
        update: { text: '', data },
      });
      writer.recordLoopEvent(update(asked('call_a')));
      writer.recordLoopEvent(update(asked('call_b')));
      writer.recordLoopEvent(update({ kind: 'subagent_task', taskId: 'call_a', done: true }));
      await writer.close();

      const loaded = await loadSession(writer.path);
      expect(loaded.warnings).toEqual([]);
      const waiting = waitingSubagentTasks(loaded.events);
      expect(waiting.map((task) => task.taskId)).toEqual(['call_b']);
      const [task] = waiting;
      expect(task!.pending).toEqual({
        callId: 'sub_ask',
        questions,
        why: 'The schema depends on it.',
      });
      const read = task!.messages[1]!;
      expect(read.role === 'assistant' && read.toolCalls[0]).toEqual({
        id: 'sub_read',
        name: 'read_file',
        input: { path: 'a.ts' },
        status: 'ok',
        summary: 'read 1 line of a.ts',
      });
    } finally {
      await cleanup();
    }
  });

  it('a record that cannot be resumed is skipped with a reason', () => {
    const base = {
      v: 1,
      id: 'e1',
      ts: '2026-12-03T00:00:00Z',
      type: 'subagent_task',
      callId: 'c',
      taskId: 'c',
    };
    expect(
      migrateEvent({
        ...base,
        task: { ...asked('c').task, pending: { callId: 'x', questions: 'no' } },
      }),
    ).toEqual({
      ok: false,
      reason: 'subagent_task: "task.pending.questions": expected array, received string',
    });
    expect(migrateEvent({ ...base, task: { ...asked('other').task } })).toEqual({
      ok: false,
      reason: 'subagent_task: task.taskId differs from taskId',
    });
  });
});
