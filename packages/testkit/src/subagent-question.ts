import type { ScriptedTurn } from './script';

/**
 * One scripted exchange where a subagent asks through its parent (ASK_USER.md §10), shared by
 * the runtime, headless and REPL tests: the parent delegates (`delegate`), the subagent asks
 * (`clarify`), the parent resumes the task with the exact answer (`resume`). The second option
 * ends in a space, so a test sees whether the answer stays exact.
 */
const questions = [{ question: 'Which database?', options: ['PostgreSQL', 'SQLite '] }];

export const subagentQuestion = {
  questions,
  delegate: {
    toolCalls: [
      {
        id: 'call_task',
        name: 'task',
        arguments: {
          description: 'set up storage',
          prompt: 'Add a storage layer.',
          agent: 'explore',
        },
      },
    ],
  },
  clarify: {
    toolCalls: [
      {
        id: 'sub_ask',
        name: 'request_clarification',
        arguments: { questions, why: 'The schema depends on it.' },
      },
    ],
  },
  resume: {
    toolCalls: [
      { id: 'call_resume', name: 'task', arguments: { resume: 'call_task', answers: ['SQLite '] } },
    ],
  },
} satisfies Record<'delegate' | 'clarify' | 'resume', ScriptedTurn> & { questions: unknown };
