import type { QuestionnaireProgress } from '@agent/tool-contract';
import { QuestionnaireIntentError } from './intent-checks';
import { ASK_USER_LIMITS } from './limits';
import type { QuestionnaireAction } from './questionnaire-action';
import { QuestionnaireModel } from './questionnaire-model';

const three = {
  questions: [
    { question: 'Which database?', options: ['SQLite ', 'SQLite'] },
    { question: 'Which checks?', options: ['Lint', 'Types', 'Tests'], multiSelect: true },
    { question: 'Which region?', options: ['eu-west', 'us-east'] },
  ],
};

describe('the questionnaire intents (issue 35, item 5)', () => {
  it('select records the exact option and moves on; the last answer resolves the card', () => {
    const model = new QuestionnaireModel(three);
    expect(model.select(0, 'SQLite ')).toBe(true);
    expect(model.questionIndex).toBe(1);
    model.toggle(1, 'Tests');
    model.submit();
    model.select(2, 'us-east');
    expect(model.status).toBe('answered');
    expect(model.result).toEqual({
      answers: ['SQLite ', ['Lint', 'Tests'], 'us-east'],
      cancelled: false,
      custom: [false, false, false],
    });
  });

  it('submit on a multi-select question: ticked options in option order, then the typed text', () => {
    const model = new QuestionnaireModel(three);
    model.jump(1);
    model.toggle(1, 'Tests');
    model.toggle(1, 'Lint');
    model.toggle(1, 'Types');
    model.type(1, '  smoke ');
    model.submit();
    expect(model.answerAt(1)).toEqual(['Types', 'Tests', 'smoke']);
    expect(model.questionIndex).toBe(2);
  });

  it('typed text that is an option counts as that option, once', () => {
    const model = new QuestionnaireModel(three);
    model.type(1, 'Lint');
    model.submit();
    expect(model.answerAt(1)).toEqual(['Lint']);
  });

  it('refuses a multi-select question with nothing ticked and nothing typed, with a hint', () => {
    const model = new QuestionnaireModel(three);
    model.toggle(1, 'Lint');
    expect(model.submit()).toBe(true);
    expect(model.hint).toMatch(/Tick an option/);
    expect(model.answerAt(1)).toBeUndefined();
    expect(model.questionIndex).toBe(1);
  });

  it('type then submit on a one-answer question keeps the text exactly, newlines and inner spaces too', () => {
    const model = new QuestionnaireModel(three);
    model.type(0, ' two  words\nand a line\t ');
    expect(model.draft).toBe(' two  words\nand a line\t ');
    model.submit();
    expect(model.answerAt(0)).toBe('two  words\nand a line');
    expect(model.custom).toEqual([true]);
  });

  it('type drops control characters as the keyboard does, and refuses an empty answer', () => {
    const model = new QuestionnaireModel(three);
    model.type(0, 'a\u0007b\r\nc');
    expect(model.draft).toBe('ab\nc');
    model.type(0, '   ');
    model.submit();
    expect(model.hint).toMatch(/Type an answer first/);
    expect(model.answerAt(0)).toBeUndefined();
  });

  it('refuses a typed answer over the limit, keeping the draft it had', () => {
    const model = new QuestionnaireModel(three);
    model.type(0, 'short');
    model.type(0, 'x'.repeat(ASK_USER_LIMITS.maxAnswerChars + 1));
    expect(model.hint).toMatch(/limited to 4000 characters/);
    expect(model.draft).toBe('short');
  });

  it('next, back and jump move between questions; an answer given is offered again and can change', () => {
    const model = new QuestionnaireModel(three);
    expect(model.back()).toBe(false);
    model.select(0, 'SQLite');
    model.back();
    expect(model.questionIndex).toBe(0);
    expect(model.selected).toBe(1);
    model.select(0, 'SQLite ');
    expect(model.answerAt(0)).toBe('SQLite ');
    model.jump(2);
    expect(model.next()).toBe(false);
    model.type(2, 'ap-south');
    model.back();
    model.jump(2);
    expect(model.draft).toBe('ap-south');
  });

  it('cancel keeps every answer given, those after an unanswered question in later', () => {
    const model = new QuestionnaireModel(three);
    model.select(0, 'SQLite');
    model.select(2, 'eu-west');
    expect(model.cancel()).toBe(true);
    expect(model.result).toEqual({
      answers: ['SQLite'],
      cancelled: true,
      custom: [false],
      later: [{ question: 2, answer: 'eu-west', custom: false }],
    });
  });

  it('names the unknown option, the wrong kind of intent and the missing question, changing nothing', () => {
    const model = new QuestionnaireModel(three);
    const before = JSON.stringify([model.progress, model.questionIndex, model.selected]);
    expect(() => model.select(0, 'sqlite')).toThrow(
      new QuestionnaireIntentError(
        'question 0 ("Which database?") has no option "sqlite"; its options are "SQLite ", "SQLite"',
      ),
    );
    expect(() => model.select(1, 'Lint')).toThrow(/takes several options: toggle them/);
    expect(() => model.toggle(0, 'SQLite')).toThrow(/takes one option: select it/);
    for (const index of [-1, 3, 1.5, Number.NaN]) {
      expect(() => model.jump(index)).toThrow(/the questionnaire has 3 questions, indices 0 to 2/);
      expect(() => model.type(index, 'x')).toThrow(QuestionnaireIntentError);
    }
    expect(JSON.stringify([model.progress, model.questionIndex, model.selected])).toBe(before);
  });

  it('on a resolved card every intent changes nothing (the first front end to answer wins)', () => {
    const model = new QuestionnaireModel({ questions: [three.questions[0]!] });
    model.select(0, 'SQLite');
    const result = model.result;
    expect(model.select(0, 'SQLite ')).toBe(false);
    expect(model.type(0, 'other')).toBe(false);
    expect(model.cancel()).toBe(false);
    expect(model.result).toEqual(result);
  });

  it('reports the answers so far on each change of them, never for a move or a tick', () => {
    const heard: QuestionnaireProgress[] = [];
    const model = new QuestionnaireModel(three, { onProgress: (p) => heard.push(p) });
    model.jump(1);
    model.toggle(1, 'Types');
    model.back();
    expect(heard).toEqual([]);
    model.select(0, 'SQLite');
    model.submit();
    model.select(0, 'SQLite ');
    expect(heard).toEqual([
      { answers: ['SQLite'], custom: [false] },
      { answers: ['SQLite', ['Lint', 'Types']], custom: [false, false] },
      { answers: ['SQLite ', ['Lint', 'Types']], custom: [false, false] },
    ]);
  });

  it('a listener that throws does not break the card', () => {
    const model = new QuestionnaireModel(three, {
      onProgress: () => {
        throw new Error('listener down');
      },
    });
    expect(model.select(0, 'SQLite')).toBe(true);
    expect(model.answerAt(0)).toBe('SQLite');
  });
});

describe('keys are a map onto the intents', () => {
  const keys = (model: QuestionnaireModel, ...actions: Array<string | { insert: string }>) => {
    for (const action of actions) {
      model.dispatch(
        typeof action === 'string'
          ? ({ type: action } as QuestionnaireAction)
          : { type: 'insert', text: action.insert },
      );
    }
  };

  it('the same answers through keys and through intents give the same result and progress', () => {
    const byKeys: QuestionnaireProgress[] = [];
    const byIntents: QuestionnaireProgress[] = [];
    const keyed = new QuestionnaireModel(three, { onProgress: (p) => byKeys.push(p) });
    const meant = new QuestionnaireModel(three, { onProgress: (p) => byIntents.push(p) });

    keys(keyed, 'down', 'enter');
    meant.select(0, 'SQLite');
    keys(keyed, 'down', 'down', 'space', 'up', 'up', 'space', { insert: 'smoke' }, 'enter');
    meant.toggle(1, 'Tests');
    meant.toggle(1, 'Lint');
    meant.type(1, 'smoke');
    meant.submit();
    keys(keyed, 'back', 'back', 'enter');
    meant.back();
    meant.back();
    meant.select(0, 'SQLite');
    keys(keyed, 'next', 'next', { insert: 'ap-south\n1' }, 'enter');
    meant.jump(2);
    meant.type(2, 'ap-south\n1');
    meant.submit();

    expect(keyed.result).toEqual({
      answers: ['SQLite', ['Tests', 'smoke'], 'ap-south\n1'],
      cancelled: false,
      custom: [false, true, true],
    });
    expect(meant.result).toEqual(keyed.result);
    expect(byIntents).toEqual(byKeys);
  });
});
