import { QuestionnaireModel } from './questionnaire-model';

const three = {
  questions: [
    { question: 'Language?', options: ['TypeScript', 'Go'] },
    { question: 'Tests?', options: ['Unit', 'E2E'] },
    { question: 'CI?', options: ['Yes', 'No'] },
  ],
};

describe('a questionnaire offered again with the answers given before', () => {
  it('opens at the first unanswered question, the earlier answers kept and changeable', () => {
    const model = new QuestionnaireModel(three, {
      answered: { answers: ['Go', 'property tests'], custom: [false, true] },
    });
    expect(model.questionIndex).toBe(2);
    expect(model.answers).toEqual(['Go', 'property tests']);
    model.dispatch({ type: 'back' });
    expect(model.questionIndex).toBe(1);
    expect(model.draft).toBe('property tests');
    model.dispatch({ type: 'erase-start' });
    model.dispatch({ type: 'insert', text: 'fuzzing' });
    model.dispatch({ type: 'enter' });
    model.dispatch({ type: 'enter' });
    expect(model.result).toEqual({
      answers: ['Go', 'fuzzing', 'Yes'],
      cancelled: false,
      custom: [false, true, false],
    });
  });

  it('opens at the last question, its answer selected, when every one was answered', () => {
    const model = new QuestionnaireModel(three, {
      answered: { answers: ['Go', 'Unit', 'No'], custom: [false, false, false] },
    });
    expect(model.questionIndex).toBe(2);
    expect(model.rows[model.selected]).toBe('No');
    model.dispatch({ type: 'enter' });
    expect(model.result?.answers).toEqual(['Go', 'Unit', 'No']);
  });
});
