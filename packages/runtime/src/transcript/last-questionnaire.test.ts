import type { Message } from '@agent/llm';
import { lastQuestionnaire } from './last-questionnaire';

const questionnaire = {
  questions: [{ question: 'Which database?', options: ['PostgreSQL', 'SQLite'] }],
};

/** A compacted session whose one questionnaire the checkpoint kept, then amended with `output`. */
function amendedWith(output: string): Message[] {
  return [
    {
      role: 'checkpoint',
      summary: 'earlier: the database was chosen',
      decisions: [
        {
          id: 'q1',
          name: 'ask_user',
          input: questionnaire,
          status: 'ok',
          output: 'Which database? -> SQLite',
          details: { answers: ['SQLite'], cancelled: false, custom: [false] },
        },
      ],
    } as Message,
    { role: 'user', text: 'I changed my answer', amends: { callId: 'q1', output } },
  ];
}

describe('the last answered questionnaire', () => {
  it("keeps the call's own answers when its amendment does not read back", () => {
    const found = lastQuestionnaire(amendedWith('(cut at the session line limit)'));
    expect(found).toMatchObject({
      callId: 'q1',
      result: { answers: ['SQLite'], cancelled: false, custom: [false] },
      amended: false,
    });
  });
});
