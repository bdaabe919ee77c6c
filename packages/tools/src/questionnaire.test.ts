import {
  parseQuestionnaire,
  parseQuestionnaireResult,
  summarizeQuestionnaire,
} from './questionnaire';

const questionnaire = {
  questions: [
    { question: 'Which database?', options: ['PostgreSQL', 'SQLite'] },
    { question: 'Which API style?', options: ['REST', 'GraphQL'] },
  ],
};

describe('questionnaire summaries', () => {
  it('pairs answers with questions and marks typed answers', () => {
    const summary = summarizeQuestionnaire(questionnaire, {
      answers: ['SQLite', 'JSON-RPC'],
      cancelled: false,
      custom: [false, true],
    });
    expect(summary).toEqual({
      items: [
        { question: 'Which database?', answer: 'SQLite', custom: false },
        { question: 'Which API style?', answer: 'JSON-RPC', custom: true },
      ],
      answered: 2,
      total: 2,
      cancelled: false,
      headline: '2 answers',
    });
  });

  it('infers typed answers for replayed results and reports cancellation', () => {
    const summary = summarizeQuestionnaire(questionnaire, {
      answers: ['Cassandra'],
      cancelled: true,
    });
    expect(summary.items).toEqual([
      { question: 'Which database?', answer: 'Cassandra', custom: true },
    ]);
    expect(summary.headline).toBe('cancelled after 1 of 2');
  });

  it('reads stored inputs and outputs back, refusing anything else', () => {
    expect(parseQuestionnaireResult('{"answers":["a"],"cancelled":true}')).toEqual({
      answers: ['a'],
      cancelled: true,
    });
    expect(parseQuestionnaireResult('ask_user failed: busy')).toBeUndefined();
    expect(parseQuestionnaireResult('{"answers":[1],"cancelled":true}')).toBeUndefined();
    expect(parseQuestionnaire(questionnaire)).toEqual(questionnaire);
    expect(parseQuestionnaire({ questions: [{ question: 'q' }] })).toBeUndefined();
    expect(parseQuestionnaire('x')).toBeUndefined();
  });
});
