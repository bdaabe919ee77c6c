import { z } from 'zod/v4';
import { ASK_USER_LIMITS as L } from './questionnaire-limits';

function plural(count: number, word: string): string {
  return `${count} ${word}${count === 1 ? '' : 's'}`;
}

function unexpectedFields(allowed: string) {
  return (issue: { code?: string; keys?: string[] }) =>
    issue.code === 'unrecognized_keys'
      ? `unexpected field${issue.keys && issue.keys.length > 1 ? 's' : ''} ${(issue.keys ?? [])
          .map((key) => JSON.stringify(key))
          .join(', ')}: only ${allowed} are allowed`
      : undefined;
}

function text(what: string, maxChars: number, description: string) {
  return z
    .string({ error: (issue) => `expected ${what} as a string, got ${typeOf(issue.input)}` })
    .superRefine((value, ctx) => {
      if (value.trim().length === 0) {
        ctx.addIssue({ code: 'custom', message: 'must not be empty or whitespace-only' });
      } else if (!hasVisibleCharacter(value)) {
        ctx.addIssue({
          code: 'custom',
          message: 'must have a visible character, not only zero-width or control characters',
        });
      } else if (codePoints(value) > maxChars) {
        ctx.addIssue({
          code: 'custom',
          message: `expected at most ${maxChars} characters, got ${codePoints(value)}`,
        });
      }
    })
    .meta({ description, maxLength: maxChars });
}

/** Whether `text` shows anything: not only whitespace, zero-width, format or control characters. */
export function hasVisibleCharacter(text: string): boolean {
  return !/^[\s\p{Cf}\p{Cc}\p{Zl}\p{Zp}\u115F\u1160\u3164\uFFA0]*$/u.test(text);
}

/** Characters as JSON Schema's maxLength counts them: code points, so an emoji is one. */
export function codePoints(text: string): number {
  let count = 0;
  for (const _ of text) count++;
  return count;
}

function typeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}

const optionSchema = text(
  'an option',
  L.maxOptionChars,
  'A short answer the person can pick, returned to you exactly as written.',
);

const optionsSchema = z
  .array(optionSchema, {
    error: (issue) =>
      `expected an array of ${L.minOptions}-${L.maxOptions} option strings, got ${typeOf(issue.input)}`,
  })
  .superRefine((options, ctx) => {
    if (options.length < L.minOptions || options.length > L.maxOptions) {
      ctx.addIssue({
        code: 'custom',
        message: `expected ${L.minOptions}-${L.maxOptions} options, got ${options.length}`,
      });
    }
    options.forEach((option, index) => {
      const first = options.indexOf(option);
      if (first !== index) {
        ctx.addIssue({
          code: 'custom',
          path: [index],
          message: `duplicate of options[${first}] ${JSON.stringify(option)}: options must be unique`,
        });
      }
    });
  })
  .meta({
    description:
      `${L.minOptions}-${L.maxOptions} distinct answers. The FIRST option is your recommendation ` +
      'and is preselected for the person. The person may also type their own answer.',
    minItems: L.minOptions,
    maxItems: L.maxOptions,
  });

const questionSchema = z
  .strictObject(
    {
      question: text(
        'the question',
        L.maxQuestionChars,
        'The question, self-contained and specific.',
      ),
      options: optionsSchema,
      multiSelect: z
        .boolean({ error: (issue) => `expected true or false, got ${typeOf(issue.input)}` })
        .optional()
        .meta({
          description:
            'true: the person may choose several options (and add typed text); the answer is then ' +
            'a list of the exact options chosen, in option order, then the typed text if any. ' +
            'Absent or false: one answer string.',
        }),
    },
    {
      error: (issue) =>
        unexpectedFields('"question", "options" and "multiSelect"')(issue) ??
        `expected a question object {"question", "options"}, got ${typeOf(issue.input)}`,
    },
  )
  .meta({ description: 'One multiple-choice question.' });

/** The `questions` field of `ask_user` and `request_clarification`: 1-10 questions, in order. */
export const questionListSchema = z
  .array(questionSchema, {
    error: (issue) =>
      `expected an array of ${L.minQuestions}-${L.maxQuestions} questions, got ${typeOf(issue.input)}`,
  })
  .superRefine((questions, ctx) => {
    if (questions.length < L.minQuestions || questions.length > L.maxQuestions) {
      ctx.addIssue({
        code: 'custom',
        message: `expected ${L.minQuestions}-${L.maxQuestions} questions, got ${questions.length}`,
      });
    }
  })
  .meta({
    description:
      `${L.minQuestions}-${L.maxQuestions} related questions, asked in this order. ` +
      'In each, put the recommended option first.',
    minItems: L.minQuestions,
    maxItems: L.maxQuestions,
  });

/**
 * An input object holding `questions` and the `extra` fields, strict: an unknown field is
 * rejected naming the fields allowed (`allowed`, as the message lists them).
 */
export function questionsInputSchema<E extends z.ZodRawShape>(extra: E, allowed: string) {
  return z
    .strictObject(
      { questions: questionListSchema, ...extra },
      {
        error: (issue) =>
          unexpectedFields(allowed)(issue) ??
          `expected an object {"questions": [...]}, got ${typeOf(issue.input)}`,
      },
    )
    .meta({
      description: `Questions for the person; ${plural(L.maxQuestions, 'question')} at most.`,
    });
}

/** The validated input of `ask_user`: whitespace is checked, never rewritten. */
export const askUserInputSchema = questionsInputSchema({}, '"questions"');

export type AskUserInput = z.infer<typeof askUserInputSchema>;
