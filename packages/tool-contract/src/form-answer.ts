import type { FormAnswer, FormQuestion } from './form-question';

/** Typed answers longer than this are refused, as `ask_user` refuses long custom answers. */
export const MAX_FORM_TEXT_CHARS = 4000;

/**
 * Why `answer` does not fit `question`, as a message the person can act on; undefined when it
 * fits. The card checks each answer with it before moving on; the MCP client checks again.
 */
export function checkFormAnswer(question: FormQuestion, answer: FormAnswer): string | undefined {
  if (answer === null) return question.required ? 'an answer is required' : undefined;
  if (question.kind === 'multi-choice') return checkChoices(question, answer);
  if (typeof answer !== 'string') return 'expected a single answer';
  switch (question.kind) {
    case 'boolean':
    case 'choice':
      return question.options.includes(answer)
        ? undefined
        : `choose one of: ${question.options.join(', ')}`;
    case 'number':
    case 'integer':
      return checkNumber(question, answer);
    case 'text':
      return checkText(question, answer);
  }
}

/** The number a typed answer of a `number` or `integer` field stands for (checked first). */
export function parseFormNumber(answer: string): number {
  return Number(answer.trim());
}

function checkChoices(question: FormQuestion, answer: FormAnswer): string | undefined {
  if (!Array.isArray(answer)) return 'expected a list of choices';
  const unknown = answer.filter((choice) => !question.options.includes(choice));
  if (unknown.length > 0) {
    return `not a choice: ${unknown.join(', ')}; choose from: ${question.options.join(', ')}`;
  }
  if (new Set(answer).size !== answer.length) return 'each choice can be picked once';
  if (question.min !== undefined && answer.length < question.min) {
    return `choose at least ${question.min}`;
  }
  if (question.max !== undefined && answer.length > question.max) {
    return `choose at most ${question.max}`;
  }
  return undefined;
}

function checkNumber(question: FormQuestion, answer: string): string | undefined {
  const text = answer.trim();
  const value = parseFormNumber(text);
  if (text === '' || !Number.isFinite(value)) return 'expected a number';
  if (question.kind === 'integer' && !Number.isInteger(value)) return 'expected a whole number';
  if (question.min !== undefined && value < question.min)
    return `expected at least ${question.min}`;
  if (question.max !== undefined && value > question.max) return `expected at most ${question.max}`;
  return undefined;
}

function checkText(question: FormQuestion, answer: string): string | undefined {
  if (answer.trim() === '')
    return question.required ? 'an answer is required' : 'type an answer or skip';
  // Lengths count code points, as JSON Schema does.
  const length = [...answer].length;
  if (length > MAX_FORM_TEXT_CHARS) return `at most ${MAX_FORM_TEXT_CHARS} characters`;
  if (question.min !== undefined && length < question.min) {
    return `expected at least ${question.min} characters`;
  }
  if (question.max !== undefined && length > question.max) {
    return `expected at most ${question.max} characters`;
  }
  if (question.format && !matchesFormat(question.format, answer.trim())) {
    return `expected ${FORMAT_NAMES[question.format] ?? question.format}`;
  }
  return undefined;
}

const FORMAT_NAMES: Record<string, string> = {
  email: 'an email address (name@example.com)',
  uri: 'a URL with its scheme (https://example.com)',
  date: 'a date as YYYY-MM-DD',
  'date-time': 'a date and time as YYYY-MM-DDTHH:MM:SSZ',
};

function matchesFormat(format: string, value: string): boolean {
  switch (format) {
    case 'email':
      return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value);
    case 'uri':
      return /^[a-z][a-z0-9+.-]*:\S+$/i.test(value) && URL.canParse(value);
    case 'date': {
      const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
      if (!match) return false;
      const date = new Date(`${value}T00:00:00Z`);
      return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
    }
    case 'date-time':
      return (
        /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.test(value) &&
        !Number.isNaN(Date.parse(value))
      );
    default:
      return true;
  }
}
