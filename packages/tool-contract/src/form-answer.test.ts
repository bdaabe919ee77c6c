import type { FormQuestion } from './form-question';
import { checkFormAnswer } from './form-answer';

function question(overrides: Partial<FormQuestion>): FormQuestion {
  return {
    key: 'k',
    question: 'Q',
    kind: 'text',
    options: [],
    typed: true,
    required: true,
    ...overrides,
  };
}

describe('checkFormAnswer', () => {
  it('requires an answer for required fields and lets optional ones be skipped', () => {
    expect(checkFormAnswer(question({}), null)).toBe('an answer is required');
    expect(checkFormAnswer(question({ required: false }), null)).toBeUndefined();
    expect(checkFormAnswer(question({}), '   ')).toBe('an answer is required');
  });

  it('checks text lengths in code points and formats', () => {
    const short = question({ min: 2, max: 3 });
    expect(checkFormAnswer(short, '😀😀😀')).toBeUndefined();
    expect(checkFormAnswer(short, 'a')).toBe('expected at least 2 characters');
    expect(checkFormAnswer(short, 'abcd')).toBe('expected at most 3 characters');
    const email = question({ format: 'email' });
    expect(checkFormAnswer(email, 'ann@example.com')).toBeUndefined();
    expect(checkFormAnswer(email, 'ann')).toMatch(/email address/);
    const date = question({ format: 'date' });
    expect(checkFormAnswer(date, '1990-02-28')).toBeUndefined();
    expect(checkFormAnswer(date, '1990-02-30')).toMatch(/YYYY-MM-DD/);
    const uri = question({ format: 'uri' });
    expect(checkFormAnswer(uri, 'https://example.com/a')).toBeUndefined();
    expect(checkFormAnswer(uri, 'example.com')).toMatch(/URL/);
  });

  it('checks numbers, whole numbers and their range', () => {
    const integer = question({ kind: 'integer', min: 1, max: 100 });
    expect(checkFormAnswer(integer, ' 42 ')).toBeUndefined();
    expect(checkFormAnswer(integer, '4.5')).toBe('expected a whole number');
    expect(checkFormAnswer(integer, '0')).toBe('expected at least 1');
    expect(checkFormAnswer(integer, 'many')).toBe('expected a number');
    expect(checkFormAnswer(question({ kind: 'number' }), '3.14')).toBeUndefined();
  });

  it('accepts only offered choices, once each, within the count bounds', () => {
    const pick = question({ kind: 'choice', options: ['A', 'B'], typed: false });
    expect(checkFormAnswer(pick, 'B')).toBeUndefined();
    expect(checkFormAnswer(pick, 'C')).toBe('choose one of: A, B');
    const many = question({ kind: 'multi-choice', options: ['A', 'B', 'C'], min: 1, max: 2 });
    expect(checkFormAnswer(many, ['A', 'C'])).toBeUndefined();
    expect(checkFormAnswer(many, [])).toBe('choose at least 1');
    expect(checkFormAnswer(many, ['A', 'B', 'C'])).toBe('choose at most 2');
    expect(checkFormAnswer(many, ['A', 'A'])).toBe('each choice can be picked once');
    expect(checkFormAnswer(many, ['D'])).toMatch(/^not a choice: D/);
    expect(checkFormAnswer(many, 'A')).toBe('expected a list of choices');
    const yesNo = question({ kind: 'boolean', options: ['Yes', 'No'], typed: false });
    expect(checkFormAnswer(yesNo, 'No')).toBeUndefined();
    expect(checkFormAnswer(yesNo, 'maybe')).toBe('choose one of: Yes, No');
  });
});
