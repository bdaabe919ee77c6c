import { buildElicitationForm } from './elicitation-form';

const schema = {
  type: 'object',
  properties: {
    name: { type: 'string', title: 'Name', minLength: 2 },
    agree: { type: 'boolean', description: 'Agree?', default: false },
    size: {
      type: 'string',
      enum: ['s', 'm', 'l'],
      enumNames: ['Small', 'Medium', 'Large'],
      default: 'm',
    },
    count: { type: 'integer', minimum: 1, maximum: 5 },
    tags: {
      type: 'array',
      items: {
        anyOf: [
          { const: 't1', title: 'One' },
          { const: 't2', title: 'Two' },
        ],
      },
      default: ['t2'],
    },
  },
  required: ['name', 'count'],
};

describe('buildElicitationForm', () => {
  const form = buildElicitationForm('srv', 'Tell me', schema);

  it('asks one question per property, defaults first, optional fields skippable', () => {
    expect(form.questionnaire).toEqual({
      server: 'srv',
      message: 'Tell me',
      questions: [
        {
          key: 'name',
          question: 'Name',
          kind: 'text',
          options: [],
          typed: true,
          required: true,
          min: 2,
        },
        {
          key: 'agree',
          question: 'Agree?',
          kind: 'boolean',
          options: ['No', 'Yes'],
          typed: false,
          required: false,
          defaulted: true,
        },
        {
          key: 'size',
          question: 'size',
          kind: 'choice',
          options: ['Medium', 'Small', 'Large'],
          typed: false,
          required: false,
          defaulted: true,
        },
        {
          key: 'count',
          question: 'count',
          kind: 'integer',
          options: [],
          typed: true,
          required: true,
          min: 1,
          max: 5,
        },
        {
          key: 'tags',
          question: 'tags',
          kind: 'multi-choice',
          options: ['Two', 'One'],
          typed: false,
          required: false,
          defaults: ['Two'],
          defaulted: true,
        },
      ],
    });
  });

  it('maps answers back to the values the server expects', () => {
    expect(form.toContent(['Ann', 'Yes', 'Large', ' 3 ', ['One', 'Two']])).toEqual({
      ok: true,
      content: { name: 'Ann', agree: true, size: 'l', count: 3, tags: ['t1', 't2'] },
    });
    expect(form.toContent(['Ann', null, null, '1', null])).toEqual({
      ok: true,
      content: { name: 'Ann', count: 1 },
    });
  });

  it('refuses answers that do not fit, naming each field', () => {
    expect(form.toContent(['A', 'maybe', 'Huge', '9', null])).toEqual({
      ok: false,
      error:
        'name: expected at least 2 characters; agree: choose one of: No, Yes; size: choose one of: Medium, Small, Large; count: expected at most 5',
    });
    expect(form.toContent(['Ann'])).toEqual({ ok: false, error: 'expected 5 answers, got 1' });
  });

  it('takes forms with more than ten fields', () => {
    const properties = Object.fromEntries(
      Array.from({ length: 15 }, (_, i) => [`f${i}`, { type: 'string' }]),
    );
    const big = buildElicitationForm('srv', 'Many', { type: 'object', properties });
    expect(big.questionnaire.questions).toHaveLength(15);
  });
});
