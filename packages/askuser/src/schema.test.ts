import { toolSpec, validateToolArguments, validateToolInput } from '@agent/tool-contract';
import { createAskUserTool } from './ask-user-tool';

const tool = createAskUserTool();

function questions(count: number, options = ['Yes', 'No']) {
  return Array.from({ length: count }, (_, i) => ({ question: `Question ${i + 1}?`, options }));
}

function options(count: number) {
  return Array.from({ length: count }, (_, i) => `Option ${i + 1}`);
}

function errorOf(input: unknown): string {
  const outcome = validateToolInput(tool, input);
  if (outcome.ok) throw new Error(`expected a rejection of ${JSON.stringify(input)}`);
  return outcome.error;
}

describe('ask_user schema and description', () => {
  it('is interactive, retained, read-only and says the first option is the recommendation', () => {
    expect(tool.name).toBe('ask_user');
    expect(tool.interactive).toBe(true);
    expect(tool.retainsOutput).toBe(true);
    expect(tool.permission).toBe('read');
    expect(tool.description).toMatch(/FIRST option .* recommendation .* preselected/);
    const spec = toolSpec(tool);
    const props = spec.parameters.properties as Record<string, any>;
    expect(spec.parameters.required).toEqual(['questions']);
    expect(spec.parameters.additionalProperties).toBe(false);
    expect(props.questions).toMatchObject({ type: 'array', minItems: 1, maxItems: 10 });
    const item = props.questions.items;
    expect(item.additionalProperties).toBe(false);
    expect(item.required).toEqual(['question', 'options']);
    expect(Object.keys(item.properties)).toEqual(['question', 'options', 'multiSelect']);
    expect(item.properties.multiSelect).toMatchObject({ type: 'boolean' });
    expect(item.properties.question).toMatchObject({ type: 'string', maxLength: 1000 });
    expect(item.properties.options).toMatchObject({ type: 'array', minItems: 2, maxItems: 6 });
    expect(item.properties.options.items).toMatchObject({ type: 'string', maxLength: 300 });
    expect(item.properties.options.description).toMatch(/FIRST option is your recommendation/);
  });

  it('rejects 0 and 11 questions and accepts 1 and 10', () => {
    expect(errorOf({ questions: [] })).toBe(
      'Invalid arguments for ask_user: questions: expected 1-10 questions, got 0',
    );
    expect(errorOf({ questions: questions(11) })).toContain(
      'questions: expected 1-10 questions, got 11',
    );
    expect(validateToolInput(tool, { questions: questions(1) }).ok).toBe(true);
    expect(validateToolInput(tool, { questions: questions(10) }).ok).toBe(true);
  });

  it('rejects 1 and 7 options naming the question, and accepts 2 and 6', () => {
    const input = (count: number) => ({
      questions: [questions(1)[0], { question: 'Which?', options: options(count) }],
    });
    expect(errorOf(input(7))).toBe(
      'Invalid arguments for ask_user: questions[1].options: expected 2-6 options, got 7',
    );
    expect(errorOf(input(1))).toContain('questions[1].options: expected 2-6 options, got 1');
    expect(validateToolInput(tool, input(2)).ok).toBe(true);
    expect(validateToolInput(tool, input(6)).ok).toBe(true);
  });

  it('rejects empty, whitespace-only and duplicate options', () => {
    const withOptions = (opts: string[]) => ({
      questions: [{ question: 'Which?', options: opts }],
    });
    expect(errorOf(withOptions(['', 'B']))).toContain(
      'questions[0].options[0]: must not be empty or whitespace-only',
    );
    expect(errorOf(withOptions(['A', ' \t\n ']))).toContain(
      'questions[0].options[1]: must not be empty or whitespace-only',
    );
    expect(errorOf(withOptions(['A', 'B', 'A']))).toContain(
      'questions[0].options[2]: duplicate of options[0] "A": options must be unique',
    );
  });

  it('rejects a question or option with no visible character (zero-width only)', () => {
    expect(
      errorOf({ questions: [{ question: 'Which?', options: ['\u200b\u200b', 'B'] }] }),
    ).toContain('questions[0].options[0]: must have a visible character');
    expect(
      errorOf({ questions: [{ question: '\u200d\ufeff \u2060', options: ['A', 'B'] }] }),
    ).toContain('questions[0].question: must have a visible character');
    const emoji = { questions: [{ question: 'Which?', options: ['👩\u200d💻', 'B'] }] };
    expect(validateToolInput(tool, emoji).ok).toBe(true);
  });

  it('takes multiSelect as an optional boolean and rejects anything else', () => {
    const multi = {
      questions: [{ question: 'Which checks?', options: ['Lint', 'Tests'], multiSelect: true }],
    };
    expect(validateToolInput(tool, multi)).toEqual({ ok: true, input: multi });
    expect(
      errorOf({ questions: [{ question: 'Q', options: ['A', 'B'], multiSelect: 'yes' }] }),
    ).toContain('questions[0].multiSelect: expected true or false, got string');
  });

  it('compares options exactly and returns whitespace untouched', () => {
    const input = { questions: [{ question: '  Which?  ', options: ['A', 'A ', ' a'] }] };
    const outcome = validateToolInput(tool, input);
    expect(outcome).toEqual({ ok: true, input });
  });

  it('rejects blank questions, over-long texts and extra fields with actionable messages', () => {
    expect(errorOf({ questions: [{ question: '   ', options: ['A', 'B'] }] })).toContain(
      'questions[0].question: must not be empty or whitespace-only',
    );
    expect(errorOf({ questions: [{ question: 'q'.repeat(1001), options: ['A', 'B'] }] })).toContain(
      'questions[0].question: expected at most 1000 characters, got 1001',
    );
    expect(errorOf({ questions: [{ question: 'Q', options: ['A', 'b'.repeat(301)] }] })).toContain(
      'questions[0].options[1]: expected at most 300 characters, got 301',
    );
    expect(
      errorOf({ questions: [{ question: 'Q', options: ['A', 'B'], recommended: 'A' }] }),
    ).toContain(
      'questions[0]: unexpected field "recommended": only "question", "options" and "multiSelect"',
    );
    expect(errorOf({ questions: questions(1), note: 'x' })).toContain(
      '(input): unexpected field "note": only "questions" are allowed',
    );
    expect(errorOf({})).toContain('questions: expected an array of 1-10 questions, got undefined');
    expect(errorOf({ questions: [{ question: 'Q', options: 'A, B' }] })).toBe(
      'Invalid arguments for ask_user: questions[0].options: expected an array of 2-6 option strings, got string',
    );
  });

  it('accepts the contract example from raw JSON arguments', () => {
    const raw = JSON.stringify({
      questions: [
        { question: 'Which database should the service use?', options: ['PostgreSQL', 'SQLite'] },
        { question: 'Which API style should we expose?', options: ['REST', 'GraphQL', 'gRPC'] },
      ],
    });
    expect(validateToolArguments(tool, raw)).toEqual({ ok: true, input: JSON.parse(raw) });
  });
});
