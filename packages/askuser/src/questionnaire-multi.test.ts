import { DONE_LABEL, FREE_FORM_LABEL, QuestionnaireModel } from './questionnaire-model';
import type { QuestionnaireAction } from './questionnaire-action';

const three = {
  questions: [
    { question: 'Which database?', options: ['Postgres', 'SQLite'] },
    { question: 'Which checks?', options: ['Lint', 'Types', 'Tests'], multiSelect: true },
    { question: 'Anything else?', options: ['No', 'Yes'] },
  ],
};

function run(model: QuestionnaireModel, ...actions: Array<QuestionnaireAction['type'] | string>) {
  const named = ['up', 'down', 'enter', 'escape', 'back', 'next', 'space', 'left', 'right'];
  for (const action of actions) {
    model.dispatch(
      named.includes(action)
        ? ({ type: action } as QuestionnaireAction)
        : { type: 'insert', text: action },
    );
  }
}

describe('a multi-select question (ASK_USER.md section 9)', () => {
  it('shows check rows with the first ticked, a Done row, then the free-form row', () => {
    const model = new QuestionnaireModel(three);
    run(model, 'next');
    expect(model.rows).toEqual(['Lint', 'Types', 'Tests', DONE_LABEL, FREE_FORM_LABEL]);
    expect(model.doneRow).toBe(3);
    expect([0, 1, 2].map((row) => model.ticked(row))).toEqual([true, false, false]);
  });

  it('Space and Enter toggle; Done answers the ticked options in option order', () => {
    const model = new QuestionnaireModel(three);
    run(model, 'enter');
    run(model, 'down', 'down', 'space', 'up', 'enter', 'enter');
    expect([0, 1, 2].map((row) => model.ticked(row))).toEqual([true, false, true]);
    run(model, 'down', 'down', 'enter');
    expect(model.questionIndex).toBe(2);
    run(model, 'enter');
    expect(model.result).toEqual({
      answers: ['Postgres', ['Lint', 'Tests'], 'No'],
      cancelled: false,
      custom: [false, false, false],
    });
  });

  it('typed text joins the ticked options, after them', () => {
    const model = new QuestionnaireModel(three);
    run(model, 'next', 'down', 'space', 'my own check', 'enter');
    expect(model.answerAt(1)).toEqual(['Lint', 'Types', 'my own check']);
    expect(model.custom).toEqual([]);
    run(model, 'back', 'back', 'enter');
    expect(model.custom).toEqual([false, true]);
  });

  it('typed text that is an option counts as that option, once, in option order', () => {
    const model = new QuestionnaireModel(three);
    // Lint is ticked (the first option); typing "Lint" again must not make ["Lint", "Lint"].
    run(model, 'enter', 'Lint', 'enter');
    expect(model.answerAt(1)).toEqual(['Lint']);
    run(model, 'enter');
    expect(model.result).toEqual({
      answers: ['Postgres', ['Lint'], 'No'],
      cancelled: false,
      custom: [false, false, false],
    });
    const again = new QuestionnaireModel(three);
    run(again, 'next', 'Tests', 'enter');
    expect(again.answerAt(1)).toEqual(['Lint', 'Tests']);
  });

  it('refuses Done with nothing ticked and nothing typed', () => {
    const model = new QuestionnaireModel(three);
    run(model, 'next', 'space', 'down', 'down', 'down', 'enter');
    expect(model.selected).toBe(3);
    expect(model.hint).toMatch(/Tick an option/);
    expect(model.questionIndex).toBe(1);
  });

  it('a question offered again shows its ticks and typed text', () => {
    const model = new QuestionnaireModel(three, {
      answered: { answers: ['SQLite', ['Types', 'fuzz']], custom: [false, true] },
    });
    expect(model.questionIndex).toBe(2);
    run(model, 'back');
    expect([0, 1, 2].map((row) => model.ticked(row))).toEqual([false, true, false]);
    expect(model.draft).toBe('fuzz');
  });
});

describe('moving between questions (the strip)', () => {
  it('answers out of order; the last missing answer sends all, in question order', () => {
    const model = new QuestionnaireModel(three);
    run(model, 'next', 'next', 'down', 'enter');
    // Question 3 answered first: back to the first unanswered one.
    expect(model.questionIndex).toBe(0);
    expect(model.answerAt(2)).toBe('Yes');
    expect(model.answers).toEqual([]);
    run(model, 'enter');
    expect(model.questionIndex).toBe(1);
    run(model, 'down', 'down', 'space', 'down', 'enter');
    expect(model.result).toEqual({
      answers: ['Postgres', ['Lint', 'Tests'], 'Yes'],
      cancelled: false,
      custom: [false, false, false],
    });
  });

  it('Left/Right move between questions, but move the caret inside a typed answer', () => {
    const model = new QuestionnaireModel(three);
    run(model, 'right');
    expect(model.questionIndex).toBe(1);
    run(model, 'ab', 'left');
    expect([model.questionIndex, model.cursor]).toEqual([1, 1]);
    run(model, 'up', 'left');
    expect(model.questionIndex).toBe(0);
  });

  it('a given answer can be changed until the last is sent; Esc keeps every answer given', () => {
    const model = new QuestionnaireModel(three);
    run(model, 'enter', 'back', 'down', 'enter');
    expect(model.answers).toEqual(['SQLite']);
    run(model, 'next', 'down', 'enter', 'escape');
    // Q3 was answered while Q2 had none: it is kept beside the leading answers (ASK_USER.md §10).
    expect(model.result).toEqual({
      answers: ['SQLite'],
      cancelled: true,
      custom: [false],
      later: [{ question: 2, answer: 'Yes', custom: false }],
    });
  });
});
