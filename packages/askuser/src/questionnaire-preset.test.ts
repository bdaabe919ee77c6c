import { QuestionnaireModel } from './questionnaire-model';

// ASK_USER.md §10: a question matching a kept decision opens with the kept answer preselected;
// nothing is answered until the person confirms it, and the answer stays exact.

const questionnaire = {
  questions: [
    { question: 'Which database?', options: ['Postgres', 'SQLite'] },
    { question: 'Which checks?', options: ['Lint', 'Tests', 'Types'], multiSelect: true },
    { question: 'Service name?', options: ['api', 'svc'] },
  ],
};
const preset = [
  { question: 0, answer: 'SQLite', decidedAt: '2026-12-01T09:00:00.000Z' },
  { question: 1, answer: ['Tests', 'Types'] },
  { question: 2, answer: 'importer core' },
];

describe('QuestionnaireModel preset (kept decisions)', () => {
  it('selects the kept option, ticks the kept options, fills in a kept typed answer; Enter confirms each exactly', () => {
    const model = new QuestionnaireModel(questionnaire, { preset });
    expect(model.selected).toBe(1);
    expect(model.answers).toEqual([]);
    expect(model.presetFor(0)?.decidedAt).toBe('2026-12-01T09:00:00.000Z');
    model.dispatch({ type: 'enter' });
    expect(model.questionIndex).toBe(1);
    expect([0, 1, 2].map((row) => model.ticked(row))).toEqual([false, true, true]);
    model.dispatch({ type: 'up' });
    model.dispatch({ type: 'up' });
    expect(model.selected).toBe(model.doneRow);
    model.dispatch({ type: 'enter' });
    expect(model.questionIndex).toBe(2);
    expect(model.draft).toBe('importer core');
    expect(model.editing).toBe(true);
    model.dispatch({ type: 'enter' });
    expect(model.result).toEqual({
      answers: ['SQLite', ['Tests', 'Types'], 'importer core'],
      cancelled: false,
      custom: [false, false, true],
    });
  });

  it('Esc on a preselected question sends nothing for it', () => {
    const model = new QuestionnaireModel(questionnaire, { preset });
    model.dispatch({ type: 'escape' });
    expect(model.result).toEqual({ answers: [], cancelled: true, custom: [] });
  });

  it('the person can pick another answer, and coming back keeps their change', () => {
    const model = new QuestionnaireModel(questionnaire, { preset });
    model.dispatch({ type: 'up' });
    model.dispatch({ type: 'next' });
    model.dispatch({ type: 'back' });
    expect(model.selected).toBe(0);
    model.dispatch({ type: 'enter' });
    expect(model.answerAt(0)).toBe('Postgres');
  });
});
