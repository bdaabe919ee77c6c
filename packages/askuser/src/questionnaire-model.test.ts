import {
  FREE_FORM_LABEL,
  QuestionnaireModel,
  type QuestionnaireAction,
} from './questionnaire-model';

const questionnaire = {
  questions: [
    { question: 'Which database?', options: ['PostgreSQL', 'SQLite', 'MySQL'] },
    { question: 'Which API style?', options: ['REST', 'GraphQL'] },
  ],
};

function press(model: QuestionnaireModel, ...actions: Array<QuestionnaireAction['type'] | string>) {
  for (const action of actions) {
    const known = [
      'up',
      'down',
      'enter',
      'escape',
      'backspace',
      'delete',
      'left',
      'right',
      'home',
      'end',
    ];
    model.dispatch(
      known.includes(action)
        ? ({ type: action } as QuestionnaireAction)
        : { type: 'insert', text: action },
    );
  }
}

describe('QuestionnaireModel', () => {
  it('shows one question at a time with its options and the free-form row, first option selected', () => {
    const model = new QuestionnaireModel(questionnaire);
    expect(model.questionIndex).toBe(0);
    expect(model.total).toBe(2);
    expect(model.rows).toEqual(['PostgreSQL', 'SQLite', 'MySQL', FREE_FORM_LABEL]);
    expect(model.selected).toBe(0);
    press(model, 'down', 'enter');
    expect(model.questionIndex).toBe(1);
    expect(model.rows).toEqual(['REST', 'GraphQL', FREE_FORM_LABEL]);
    expect(model.selected).toBe(0);
  });

  it('moves with Up/Down through every row, the free-form row included, wrapping at the ends', () => {
    const model = new QuestionnaireModel(questionnaire);
    press(model, 'down', 'down', 'down');
    expect(model.selected).toBe(3);
    expect(model.editing).toBe(false);
    press(model, 'down');
    expect(model.selected).toBe(0);
    press(model, 'up');
    expect(model.selected).toBe(3);
    press(model, 'up', 'up');
    expect(model.selected).toBe(1);
  });

  it('types digits into the free-form answer: `2025 budget` is typed, never option 2', () => {
    const model = new QuestionnaireModel(questionnaire);
    press(model, '2', '0', '2', '5', ' budget', 'enter');
    expect(model.answers).toEqual(['2025 budget']);
    expect(model.custom).toEqual([true]);
  });

  it('records the exact option on Enter and advances; completes with every answer', () => {
    const model = new QuestionnaireModel(questionnaire);
    press(model, 'down', 'enter');
    expect(model.answers).toEqual(['SQLite']);
    expect(model.status).toBe('active');
    expect(model.result).toBeUndefined();
    press(model, 'enter');
    expect(model.status).toBe('answered');
    expect(model.result).toEqual({
      answers: ['SQLite', 'REST'],
      cancelled: false,
      custom: [false, false],
    });
    expect(model.dispatch({ type: 'down' })).toBe(false);
  });

  it('typing selects the free-form row, starts editing and inserts, from any row', () => {
    const model = new QuestionnaireModel(questionnaire);
    press(model, 'down', 'C');
    expect(model.selected).toBe(3);
    expect(model.editing).toBe(true);
    expect(model.draft).toBe('C');
    press(model, 'ockroachDB');
    expect(model.draft).toBe('CockroachDB');
    expect(model.cursor).toBe(11);
    press(model, 'backspace');
    expect(model.draft).toBe('CockroachD');
    press(model, 'left', 'left', 'X', 'home', '>', 'end', '!');
    expect(model.draft).toBe('>CockroacXhD!');
    press(model, 'home', 'delete');
    expect(model.draft).toBe('CockroacXhD!');
  });

  it('keeps the draft when moving away and back', () => {
    const model = new QuestionnaireModel(questionnaire);
    press(model, 'Cassandra', 'up');
    expect(model.selected).toBe(2);
    expect(model.editing).toBe(false);
    expect(model.draft).toBe('Cassandra');
    press(model, 'down');
    expect(model.selected).toBe(3);
    expect(model.editing).toBe(false);
    expect(model.draft).toBe('Cassandra');
    press(model, '!');
    expect(model.draft).toBe('Cassandra!');
  });

  it('Enter on the merely selected free-form row starts editing; the second Enter submits', () => {
    const model = new QuestionnaireModel(questionnaire);
    press(model, 'up');
    expect(model.selected).toBe(3);
    press(model, 'enter');
    expect(model.editing).toBe(true);
    expect(model.answers).toEqual([]);
    press(model, '  Redis  ', 'enter');
    expect(model.answers).toEqual(['Redis']);
    expect(model.questionIndex).toBe(1);
    expect(model.editing).toBe(false);
    expect(model.selected).toBe(0);
    expect(model.draft).toBe('');
  });

  it('refuses an empty or whitespace-only typed answer with a visible hint', () => {
    const model = new QuestionnaireModel(questionnaire);
    press(model, 'up', 'enter', 'enter');
    expect(model.answers).toEqual([]);
    expect(model.hint).toMatch(/Type an answer first/);
    press(model, '   ', 'enter');
    expect(model.answers).toEqual([]);
    expect(model.editing).toBe(true);
    expect(model.hint).toMatch(/Type an answer first/);
    press(model, 'x');
    expect(model.hint).toBeUndefined();
  });

  it('limits a typed answer to 4000 characters and keeps the newlines and tabs of a paste', () => {
    const model = new QuestionnaireModel(questionnaire);
    press(model, 'line one\r\nline\ttwo\u001b[31m');
    expect(model.draft).toBe('line one\nline\ttwo[31m');
    press(model, 'end', 'y'.repeat(5000));
    expect(model.draft).toHaveLength(4000);
    expect(model.hint).toMatch(/limited to 4000 characters/);
  });

  it('Esc cancels with the answers completed so far and marks typed ones', () => {
    const model = new QuestionnaireModel(questionnaire);
    press(model, 'Oracle', 'enter', 'down', 'escape');
    expect(model.status).toBe('cancelled');
    expect(model.result).toEqual({ answers: ['Oracle'], cancelled: true, custom: [true] });
    const untouched = new QuestionnaireModel(questionnaire);
    press(untouched, 'escape');
    expect(untouched.result).toEqual({ answers: [], cancelled: true, custom: [] });
  });

  it('going back keeps the later answers: offered again on the way forward, kept on Esc', () => {
    const three = {
      questions: [...questionnaire.questions, { question: 'Which port?', options: ['80', '8080'] }],
    };
    const model = new QuestionnaireModel(three);
    press(model, 'down', 'enter', 'v', '2', 'enter');
    expect(model.answers).toEqual(['SQLite', 'v2']);
    model.dispatch({ type: 'back' });
    model.dispatch({ type: 'back' });
    expect(model.questionIndex).toBe(0);
    expect(model.selected).toBe(1);
    press(model, 'enter');
    // The typed answer of question 2 comes back as its editable text.
    expect(model.questionIndex).toBe(1);
    expect([model.selected, model.editing, model.draft]).toEqual([2, true, 'v2']);
    model.dispatch({ type: 'back' });
    press(model, 'escape');
    expect(model.result).toEqual({
      answers: ['SQLite', 'v2'],
      cancelled: true,
      custom: [false, true],
    });
  });

  it('comes back to an unsent draft on its free-form row', () => {
    const model = new QuestionnaireModel(questionnaire);
    press(model, 'enter', 'd', 'r', 'a', 'f', 't');
    model.dispatch({ type: 'back' });
    press(model, 'enter');
    expect([model.questionIndex, model.selected, model.draft]).toEqual([1, 2, 'draft']);
    press(model, 'enter', 'enter');
    expect(model.result?.answers).toEqual(['PostgreSQL', 'draft']);
  });

  it('keeps surrogate pairs whole when editing', () => {
    const model = new QuestionnaireModel(questionnaire);
    press(model, 'a😀b', 'left', 'backspace');
    expect(model.draft).toBe('ab');
  });

  it('a check refuses an answer with its message as the hint and keeps the question', () => {
    const seen: Array<[number, string, boolean]> = [];
    const model = new QuestionnaireModel(questionnaire, {
      check: (index, answer, typed) => {
        seen.push([index, answer, typed]);
        return typed && answer !== '42' ? 'expected 42' : undefined;
      },
    });
    press(model, 'enter', '41', 'enter');
    expect(model.questionIndex).toBe(1);
    expect(model.hint).toBe('expected 42');
    expect(model.status).toBe('active');
    press(model, 'backspace', '2', 'enter');
    expect(model.result).toMatchObject({ answers: ['PostgreSQL', '42'], custom: [false, true] });
    expect(seen).toEqual([
      [0, 'PostgreSQL', false],
      [1, '41', true],
      [1, '42', true],
    ]);
  });

  it('a key action is one change: it says whether it changed anything and reports progress once', () => {
    const reports: unknown[] = [];
    const model = new QuestionnaireModel(questionnaire, {
      onProgress: (progress) => reports.push(progress),
    });
    expect(model.dispatch({ type: 'up' })).toBe(true);
    expect(model.dispatch({ type: 'left' })).toBe(false);
    expect(reports).toEqual([]);
    model.dispatch({ type: 'up' });
    model.dispatch({ type: 'insert', text: 'x' });
    model.dispatch({ type: 'backspace' });
    expect(reports).toEqual([]);
    model.dispatch({ type: 'down' });
    expect(model.dispatch({ type: 'enter' })).toBe(true);
    expect(reports).toEqual([{ answers: ['PostgreSQL'], custom: [false] }]);
    expect(model.dispatch({ type: 'escape' })).toBe(true);
    expect(model.status).toBe('cancelled');
    expect(model.dispatch({ type: 'enter' })).toBe(false);
    expect(reports).toHaveLength(1);
  });
});
