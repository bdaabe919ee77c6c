import { savedQuestionnaireText } from './saved-questionnaire-text';

const questionnaire = {
  questions: [
    { question: 'Which database?', options: ['PostgreSQL', 'SQLite'] },
    { question: 'Which API style?', options: ['REST', 'GraphQL'] },
  ],
};

describe('savedQuestionnaireText: a saved questionnaire as every front end words it', () => {
  it('words an answered one: each question with its answer, typed ones marked', () => {
    const result = { answers: ['SQLite', 'JSON-RPC'], cancelled: false, custom: [false, true] };
    expect(savedQuestionnaireText({ questionnaire, state: 'answered', result })).toBe(
      [
        'Questionnaire: 2 answers',
        '- Which database?',
        '  → SQLite',
        '- Which API style?',
        '  → JSON-RPC (typed)',
      ].join('\n'),
    );
  });

  it('words a cancelled one with the questions left unanswered', () => {
    const result = { answers: ['SQLite'], cancelled: true };
    expect(savedQuestionnaireText({ questionnaire, state: 'answered', result })).toBe(
      [
        'Questionnaire cancelled after 1 of 2',
        '- Which database?',
        '  → SQLite',
        '- Which API style?',
        '  ⊘ not answered',
      ].join('\n'),
    );
  });

  it('keeps the questions in their order when a later one was answered first', () => {
    const result = { answers: [], cancelled: true, later: [{ question: 1, answer: 'REST' }] };
    expect(savedQuestionnaireText({ questionnaire, state: 'answered', result })).toBe(
      [
        'Questionnaire cancelled after 1 of 2',
        '- Which database?',
        '  ⊘ not answered',
        '- Which API style?',
        '  → REST',
      ].join('\n'),
    );
  });

  it('words an interrupted one, with the answers given before or without any', () => {
    expect(
      savedQuestionnaireText({ questionnaire, state: 'interrupted', answers: [' SQLite'] }),
    ).toBe(
      [
        'Questionnaire interrupted after 1 of 2',
        '- Which database?',
        '  → " SQLite" (typed)',
        '- Which API style?',
        '  ⊘ not answered',
      ].join('\n'),
    );
    expect(savedQuestionnaireText({ questionnaire, state: 'interrupted' })).toBe(
      [
        'Questionnaire interrupted (2 questions)',
        '- Which database?',
        '  ⊘ not answered',
        '- Which API style?',
        '  ⊘ not answered',
      ].join('\n'),
    );
  });
});
