import { savedQuestionnaire } from './saved-questionnaire';

const input = {
  questions: [
    { question: 'Which database?', options: ['PostgreSQL', 'SQLite'] },
    { question: 'Where does it run?', options: ['Kubernetes', 'A VM'] },
  ],
};

describe('savedQuestionnaire reads the recorded outcome', () => {
  it('takes the answers from the call details, not from its output text', () => {
    const saved = savedQuestionnaire({
      name: 'ask_user',
      input,
      status: 'ok',
      // The model got this text; the details are what it was made from.
      retainedOutput: 'not JSON at all',
      retainedDetails: { answers: ['SQLite', 'A VM'], cancelled: false, custom: [false, true] },
    });
    expect(saved).toEqual({
      questionnaire: input,
      state: 'answered',
      result: { answers: ['SQLite', 'A VM'], cancelled: false, custom: [false, true] },
    });
  });

  it('an interrupted call keeps its answers so far and the later ones', () => {
    const later = [{ question: 1, answer: 'A VM', custom: false }];
    expect(
      savedQuestionnaire({
        name: 'ask_user',
        input,
        status: 'interrupted',
        retainedDetails: { answers: [], cancelled: true, custom: [], later },
      }),
    ).toEqual({ questionnaire: input, state: 'interrupted', answers: [], custom: [], later });
  });

  it('reads an amendment, which is only text, from the output', () => {
    expect(
      savedQuestionnaire({
        name: 'ask_user',
        input,
        status: 'ok',
        retainedOutput: '{"answers":["PostgreSQL","Kubernetes"],"cancelled":false}',
      }),
    ).toMatchObject({ state: 'answered', result: { answers: ['PostgreSQL', 'Kubernetes'] } });
  });

  it('a call of another tool, or details that are no outcome, read as nothing', () => {
    expect(savedQuestionnaire({ name: 'read_file', input, status: 'ok' })).toBeUndefined();
    expect(
      savedQuestionnaire({
        name: 'ask_user',
        input,
        status: 'ok',
        retainedDetails: { answers: [1], cancelled: false },
      }),
    ).toBeUndefined();
  });
});
