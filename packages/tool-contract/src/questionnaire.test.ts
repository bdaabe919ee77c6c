import {
  hasHiddenCharacters,
  parseQuestionnaire,
  parseQuestionnaireResult,
  questionnaireOutput,
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
      items: summary.inOrder,
      inOrder: [
        {
          question: 'Which database?',
          answer: 'SQLite',
          custom: false,
          entries: [{ text: 'SQLite', typed: false, hidden: false }],
        },
        {
          question: 'Which API style?',
          answer: 'JSON-RPC',
          custom: true,
          entries: [{ text: 'JSON-RPC', typed: true, hidden: false }],
        },
      ],
      unanswered: [],
      answered: 2,
      total: 2,
      cancelled: false,
      headline: '2 answers',
      redacted: false,
    });
  });

  it('shows a multi-select answer joined, reads it back from a stored result, names the unanswered', () => {
    const multi = {
      questions: [
        { question: 'Which checks?', options: ['Lint', 'Tests'], multiSelect: true },
        { question: 'Which API style?', options: ['REST', 'gRPC'] },
      ],
    };
    const stored = JSON.stringify({ answers: [['Lint', 'Tests']], cancelled: true });
    const result = parseQuestionnaireResult(stored)!;
    expect(result).toEqual({ answers: [['Lint', 'Tests']], cancelled: true });
    const summary = summarizeQuestionnaire(multi, result);
    expect(summary.items).toEqual([
      {
        question: 'Which checks?',
        answer: 'Lint, Tests',
        custom: false,
        entries: [
          { text: 'Lint', typed: false, hidden: false },
          { text: 'Tests', typed: false, hidden: false },
        ],
      },
    ]);
    expect(summary.unanswered).toEqual(['Which API style?']);
    expect(parseQuestionnaireResult('{"answers":[[]],"cancelled":false}')).toBeUndefined();
    expect(parseQuestionnaire(multi)).toEqual(multi);
  });

  it('infers typed answers for replayed results and reports cancellation', () => {
    const summary = summarizeQuestionnaire(questionnaire, {
      answers: ['Cassandra'],
      cancelled: true,
    });
    expect(summary.items).toEqual([
      {
        question: 'Which database?',
        answer: 'Cassandra',
        custom: true,
        entries: [{ text: 'Cassandra', typed: true, hidden: false }],
      },
    ]);
    expect(summary.headline).toBe('cancelled after 1 of 2');
  });

  it('keeps answers given out of order, and reads also_answered back (ASK_USER.md §10)', () => {
    const three = {
      questions: [...questionnaire.questions, { question: 'Where first?', options: ['eu', 'us'] }],
    };
    const result = { answers: ['SQLite'], cancelled: true, later: [{ question: 2, answer: 'us' }] };
    const output = questionnaireOutput(result);
    expect(output).toBe('{"answers":["SQLite"],"also_answered":{"3":"us"},"cancelled":true}');
    expect(parseQuestionnaireResult(output)).toEqual(result);
    const summary = summarizeQuestionnaire(three, result);
    expect(summary.items.map((item) => item.answer)).toEqual(['SQLite', 'us']);
    expect(summary.unanswered).toEqual(['Which API style?']);
    expect(summary.inOrder.map((item) => ('unanswered' in item ? '-' : item.answer))).toEqual([
      'SQLite',
      '-',
      'us',
    ]);
    expect(summary.headline).toBe('cancelled after 2 of 3');
  });

  it('marks entries a plain rendering would hide', () => {
    expect(['ok', 'ok ', 'a\u200bb', 'a\u00a0b', 'a  b', 'a\nb'].map(hasHiddenCharacters)).toEqual([
      false,
      true,
      true,
      true,
      true,
      true,
    ]);
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
