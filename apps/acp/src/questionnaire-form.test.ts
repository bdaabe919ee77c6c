import type { QuestionnaireProgress } from '@agent/tools';
import { QuestionnaireForm } from './questionnaire-form';

const questionnaire = {
  questions: [
    { question: 'Which database?', options: ['Postgres', 'SQLite'] },
    { question: 'Which checks?', options: ['Lint', 'Types', 'Tests'], multiSelect: true },
  ],
};

/** A form for `questionnaire` offered again with `answered`, and the progress it reports. */
function resumed(answered: QuestionnaireProgress, extra: { decidedAt?: string } = {}) {
  const heard: QuestionnaireProgress[] = [];
  const form = new QuestionnaireForm({
    questionnaire,
    answered,
    onProgress: (progress) => heard.push(progress),
    ...(extra.decidedAt
      ? { decided: [{ question: 0, answer: 'Postgres', decidedAt: extra.decidedAt }] }
      : {}),
  });
  return { form, heard, fields: form.schema.properties as Record<string, any> };
}

describe('the questionnaire form offered again with the answers given before', () => {
  it('puts a typed answer that reads like an option in the typed field, and keeps it typed', () => {
    const { form, fields } = resumed({ answers: ['SQLite'], custom: [true] });
    expect(fields.q1.default).toBe('Postgres');
    expect(fields.q1_typed.default).toBe('SQLite');
    const result = form.answers({
      action: 'accept',
      content: { q1: 'Postgres', q1_typed: 'SQLite', q2: ['Lint'] },
    });
    expect(result).toEqual({
      answers: ['SQLite', ['Lint']],
      cancelled: false,
      custom: [true, false],
    });
  });

  it("drops a multi-select answer's typed text when the form sends its field empty", () => {
    const { form, fields } = resumed({
      answers: ['Postgres', ['Types', 'smoke']],
      custom: [false, true],
    });
    expect(fields.q2.default).toEqual(['Types']);
    expect(fields.q2_typed.default).toBe('smoke');
    const result = form.answers({
      action: 'accept',
      content: { q1: 'Postgres', q2: ['Types'], q2_typed: '' },
    });
    expect(result.answers).toEqual(['Postgres', ['Types']]);
    expect(result.custom).toEqual([false, false]);
  });

  it('takes a changed later answer even when an earlier field completes the questionnaire', () => {
    const { form } = resumed({
      answers: [],
      custom: [],
      later: [{ question: 1, answer: ['Lint'], custom: false }],
    });
    const result = form.answers({ action: 'accept', content: { q1: 'SQLite', q2: ['Tests'] } });
    expect(result).toEqual({
      answers: ['SQLite', ['Tests']],
      cancelled: false,
      custom: [false, false],
    });
  });

  it('prefers the answer given before to a kept decision', () => {
    const { fields } = resumed(
      { answers: ['SQLite'], custom: [false] },
      { decidedAt: '2026-12-01' },
    );
    expect(fields.q1.default).toBe('SQLite');
    expect(fields.q1.description).toBeUndefined();
  });

  it('reports the answers filled in as given once shown, and nothing again for unchanged ones', () => {
    const { form, heard } = resumed({ answers: ['SQLite'], custom: [false] });
    form.shown();
    expect(heard).toEqual([{ answers: ['SQLite'], custom: [false] }]);
    form.answers({ action: 'accept', content: { q1: 'SQLite', q2: ['Tests'] } });
    expect(heard).toEqual([
      { answers: ['SQLite'], custom: [false] },
      { answers: ['SQLite', ['Tests']], custom: [false, false] },
    ]);
  });
});

describe('the questionnaire form asked afresh', () => {
  it('reports nothing when shown and says nothing of earlier answers', () => {
    const heard: QuestionnaireProgress[] = [];
    const form = new QuestionnaireForm({ questionnaire, onProgress: (p) => heard.push(p) });
    form.shown();
    expect(heard).toEqual([]);
    expect(form.message).toBe('The agent has 2 questions for you.');
  });
});
