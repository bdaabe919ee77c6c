import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  askPerson,
  ManualPerson,
  type PermissionRequest,
  type PersonRequest,
  type QuestionnaireProgress,
} from '@agent/tools';
import { DecisionBook } from '../decisions/decision-book';
import type { AnswerKeeper } from '../session-file/kept-answers';
import { sessionPerson } from './session-person';

let home: string;
beforeEach(() => {
  home = fs.mkdtempSync(path.join(os.tmpdir(), 'session-person-'));
});
afterEach(() => fs.rmSync(home, { recursive: true, force: true }));

const approval: PermissionRequest = {
  toolCallId: 'c1',
  toolName: 'run_shell',
  permission: 'exec',
  title: '$ ls',
  input: { command: 'ls' },
};
const questionnaire = {
  questions: [
    { question: 'Which database?', options: ['Postgres', 'SQLite'] },
    { question: 'Go?', options: ['Yes', 'No'] },
  ],
};

/** A keeper holding what it records in memory, with the answers of call `c-old` from before. */
function memoryKeeper(): AnswerKeeper & { recorded: [string, QuestionnaireProgress][] } {
  const recorded: [string, QuestionnaireProgress][] = [];
  return {
    recorded,
    record: (callId, progress) => void recorded.push([callId, progress]),
    earlier: (callId) =>
      callId === 'c-old' ? { answers: ['SQLite'], custom: [false] } : undefined,
  };
}

function channel() {
  const person = new ManualPerson();
  const book = new DecisionBook(home, '/p');
  const keeper = memoryKeeper();
  const approvals: PersonRequest<'approval'>[] = [];
  const routed = sessionPerson(person, {
    approve: async (request) => (approvals.push(request), { kind: 'deny', by: 'the policy' }),
    book,
    keeper,
  });
  return { person, book, keeper, approvals, routed };
}

describe('sessionPerson: each request routed once by its kind', () => {
  it('asks only the approval policy about an approval', async () => {
    const { person, approvals, routed } = channel();
    const signal = new AbortController().signal;
    await expect(askPerson(routed, 'approval', approval, { signal })).resolves.toEqual({
      kind: 'deny',
      by: 'the policy',
    });
    expect(approvals.map((r) => r.payload)).toEqual([approval]);
    expect(person.current).toBeUndefined();
  });

  it('offers a questionnaire the kept decisions and keeps its answers, past the policy', async () => {
    const { person, book, keeper, approvals, routed } = channel();
    book.keep([{ question: 'Go?', answer: 'Yes' }], 'project', 's-1');
    const heard: QuestionnaireProgress[] = [];
    const answer = askPerson(
      routed,
      'questionnaire',
      { questionnaire, onProgress: (progress) => heard.push(progress) },
      { signal: new AbortController().signal, toolCallId: 'c-old' },
    );
    const shown = person.current!;
    expect(shown.kind === 'questionnaire' && shown.payload).toMatchObject({
      questionnaire,
      decided: [{ question: 1, answer: 'Yes' }],
      answered: { answers: ['SQLite'], custom: [false] },
    });
    const progress = { answers: ['SQLite', 'Yes'], custom: [false, false] };
    if (shown.kind === 'questionnaire') shown.payload.onProgress?.(progress);
    expect(keeper.recorded).toEqual([['c-old', progress]]);
    expect(heard).toEqual([progress]);
    person.answer({ answers: ['SQLite', 'Yes'], cancelled: false });
    await expect(answer).resolves.toEqual({ answers: ['SQLite', 'Yes'], cancelled: false });
    expect(approvals).toEqual([]);
  });

  it('passes a review without a call, and every other kind, to the person as asked', async () => {
    const { person, book, routed } = channel();
    book.keep([{ question: 'Go?', answer: 'Yes' }], 'project', 's-1');
    const signal = new AbortController().signal;
    const review = askPerson(routed, 'questionnaire', { questionnaire, review: true }, { signal });
    expect(person.current?.payload).toEqual({ questionnaire, review: true });
    person.answer({ answers: ['Postgres', 'No'], cancelled: false });
    await review;
    const form = { server: 'deploy', message: 'Which?', questions: [] };
    const outcome = askPerson(routed, 'form', form, { signal });
    expect(person.current?.payload).toBe(form);
    person.answer({ action: 'decline' });
    await expect(outcome).resolves.toEqual({ action: 'decline' });
  });
});
