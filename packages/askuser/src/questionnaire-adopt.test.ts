import type { QuestionnaireProgress } from '@agent/tool-contract';
import { QuestionnaireModel } from './questionnaire-model';

const three = {
  questions: [
    { question: 'Which database?', options: ['PostgreSQL', 'SQLite'] },
    { question: 'Which checks?', options: ['Lint', 'Types', 'Tests'], multiSelect: true },
    { question: 'Which region?', options: ['eu-west', 'us-east'] },
  ],
};

describe('answers given on another front end (adopt)', () => {
  it('fills them in without reporting them back, and moves on from a question answered there', () => {
    const heard: QuestionnaireProgress[] = [];
    const model = new QuestionnaireModel(three, { onProgress: (p) => heard.push(p) });
    expect(model.adopt({ answers: ['SQLite'], custom: [false] })).toBe(true);
    expect(heard).toEqual([]);
    expect(model.answerAt(0)).toBe('SQLite');
    expect(model.questionIndex).toBe(1);
    model.submit();
    model.select(2, 'eu-west');
    expect(model.result).toEqual({
      answers: ['SQLite', ['Lint'], 'eu-west'],
      cancelled: false,
      custom: [false, false, false],
    });
  });

  it('keeps the question on screen and its draft when that question is still open', () => {
    const model = new QuestionnaireModel(three);
    model.jump(2);
    model.dispatch({ type: 'insert', text: 'ap-south' });
    const later = [{ question: 1, answer: ['Tests', 'my own'], custom: true }];
    expect(model.adopt({ answers: [], custom: [], later })).toBe(true);
    expect(model.questionIndex).toBe(2);
    expect(model.draft).toBe('ap-south');
    expect(model.editing).toBe(true);
    expect(model.answerAt(1)).toEqual(['Tests', 'my own']);
  });

  it('changes nothing for answers it already has (its own progress coming back)', () => {
    const model = new QuestionnaireModel(three);
    model.select(0, 'PostgreSQL');
    model.dispatch({ type: 'insert', text: 'half' });
    expect(model.adopt(model.progress)).toBe(false);
    expect(model.draft).toBe('half');
    expect(model.questionIndex).toBe(1);
  });

  it('shows a changed answer in place on a question already answered here', () => {
    const model = new QuestionnaireModel(three);
    model.select(0, 'PostgreSQL');
    model.back();
    expect(model.adopt({ answers: ['SQLite'], custom: [false] })).toBe(true);
    expect(model.questionIndex).toBe(0);
    expect(model.rows[model.selected]).toBe('SQLite');
  });

  it('takes nothing once resolved', () => {
    const model = new QuestionnaireModel(three);
    model.cancel();
    expect(model.adopt({ answers: ['SQLite'], custom: [false] })).toBe(false);
  });
});
