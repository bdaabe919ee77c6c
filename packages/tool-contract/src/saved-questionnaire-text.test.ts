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
        'Not answered: Which API style?',
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
        'Not answered: Which API style?',
      ].join('\n'),
    );
    expect(savedQuestionnaireText({ questionnaire, state: 'interrupted' })).toBe(
      'Questionnaire interrupted (2 questions)\nNot answered: Which database? · Which API style?',
    );
  });
});
