import {
  checkFormAnswer,
  parseFormNumber,
  type FormAnswer,
  type FormQuestion,
  type FormQuestionnaire,
} from '@agent/tools';

/** What the server gets back for an accepted form: one value per answered field. */
export type ElicitationContent = Record<string, string | number | boolean | string[]>;

/** A server's form as questions, and the way back from answers to the reply's `content`. */
export interface ElicitationForm {
  questionnaire: FormQuestionnaire;
  /** The reply's content for `answers` (question order), or why the answers do not fit. */
  toContent(
    answers: readonly FormAnswer[],
  ): { ok: true; content: ElicitationContent } | { ok: false; error: string };
}

interface Field {
  question: FormQuestion;
  /** Choice labels to the values the server expects (titled enums show titles, send consts). */
  values?: Map<string, string>;
}

/**
 * Maps a form-mode `requestedSchema` (MCP's flat subset of JSON Schema) to a questionnaire: one
 * question per property, in order; enum values as options, the default first (titles shown for
 * titled enums); booleans as Yes/No; strings and numbers as typed answers checked against the
 * schema (a default offered as the first option); fields not in `required` can be skipped.
 * Pure: the same schema always gives the same questions.
 */
export function buildElicitationForm(
  server: string,
  message: string,
  requestedSchema: unknown,
): ElicitationForm {
  const schema = isObject(requestedSchema) ? requestedSchema : {};
  const properties = isObject(schema.properties) ? schema.properties : {};
  const required = new Set(Array.isArray(schema.required) ? schema.required : []);
  const fields = Object.entries(properties).map(([key, value]) =>
    toField(key, isObject(value) ? value : {}, required.has(key)),
  );
  return {
    questionnaire: { server, message, questions: fields.map((field) => field.question) },
    toContent: (answers) => toContent(fields, answers),
  };
}

function toField(key: string, property: Record<string, unknown>, required: boolean): Field {
  const field = fieldOf(key, property, required);
  return defaultedFirst(field, property.default)
    ? { ...field, question: { ...field.question, defaulted: true } }
    : field;
}

/** Whether the first option of `field` is the server's `fallback` (its schema default). */
function defaultedFirst(field: Field, fallback: unknown): boolean {
  const first = field.question.options[0];
  if (first === undefined || fallback === undefined) return false;
  if (field.question.kind === 'boolean') return typeof fallback === 'boolean';
  if (field.values) {
    const value = field.values.get(first);
    return Array.isArray(fallback) ? fallback.includes(value) : fallback === value;
  }
  return String(fallback) === first;
}

function fieldOf(key: string, property: Record<string, unknown>, required: boolean): Field {
  const title = typeof property.title === 'string' ? property.title.trim() : '';
  const description = typeof property.description === 'string' ? property.description.trim() : '';
  const question = title && description ? `${title}: ${description}` : title || description || key;
  const base = { key, question, required };
  const fallback = property.default;

  if (property.type === 'boolean') {
    const options = fallback === false ? ['No', 'Yes'] : ['Yes', 'No'];
    return { question: { ...base, kind: 'boolean', options, typed: false } };
  }
  if (property.type === 'array') {
    const items = isObject(property.items) ? property.items : {};
    const choices = choicesOf(items);
    const defaults = Array.isArray(fallback)
      ? fallback.filter((v): v is string => typeof v === 'string')
      : [];
    const labels = orderDefaultsFirst(choices, defaults);
    const defaultLabels = labels.filter((label) => defaults.includes(choices.get(label)!));
    return {
      question: {
        ...base,
        kind: 'multi-choice',
        options: labels,
        typed: false,
        ...bound(property.minItems, property.maxItems),
        ...(defaultLabels.length > 0 ? { defaults: defaultLabels } : {}),
      },
      values: choices,
    };
  }
  const choices = choicesOf(property);
  if (choices.size > 0) {
    const labels = orderDefaultsFirst(choices, typeof fallback === 'string' ? [fallback] : []);
    return {
      question: { ...base, kind: 'choice', options: labels, typed: false },
      values: choices,
    };
  }
  if (property.type === 'number' || property.type === 'integer') {
    return {
      question: {
        ...base,
        kind: property.type,
        options: typeof fallback === 'number' ? [String(fallback)] : [],
        typed: true,
        ...bound(property.minimum, property.maximum),
      },
    };
  }
  return {
    question: {
      ...base,
      kind: 'text',
      options: typeof fallback === 'string' && fallback.trim() !== '' ? [fallback] : [],
      typed: true,
      ...bound(property.minLength, property.maxLength),
      ...(typeof property.format === 'string' ? { format: property.format } : {}),
    },
  };
}

/** Label -> value of a single- or multi-select schema: `enum` (+ `enumNames`), `oneOf`/`anyOf` consts. */
function choicesOf(schema: Record<string, unknown>): Map<string, string> {
  const choices = new Map<string, string>();
  const titled = Array.isArray(schema.oneOf)
    ? schema.oneOf
    : Array.isArray(schema.anyOf)
      ? schema.anyOf
      : undefined;
  if (titled) {
    for (const option of titled) {
      if (!isObject(option) || typeof option.const !== 'string') continue;
      const label =
        typeof option.title === 'string' && option.title.trim() !== ''
          ? option.title
          : option.const;
      addChoice(choices, label, option.const);
    }
    return choices;
  }
  if (!Array.isArray(schema.enum)) return choices;
  const names = Array.isArray(schema.enumNames) ? schema.enumNames : [];
  schema.enum.forEach((value, index) => {
    if (typeof value !== 'string') return;
    const name = names[index];
    addChoice(choices, typeof name === 'string' && name.trim() !== '' ? name : value, value);
  });
  return choices;
}

/** Two options with the same title stay distinguishable: the later one shows its value too. */
function addChoice(choices: Map<string, string>, label: string, value: string): void {
  choices.set(choices.has(label) ? `${label} (${value})` : label, value);
}

function orderDefaultsFirst(choices: Map<string, string>, defaults: string[]): string[] {
  const labels = [...choices.keys()];
  const first = defaults.flatMap((value) => labels.filter((label) => choices.get(label) === value));
  return [...first, ...labels.filter((label) => !first.includes(label))];
}

function bound(min: unknown, max: unknown): { min?: number; max?: number } {
  return {
    ...(typeof min === 'number' ? { min } : {}),
    ...(typeof max === 'number' ? { max } : {}),
  };
}

function toContent(
  fields: Field[],
  answers: readonly FormAnswer[],
): { ok: true; content: ElicitationContent } | { ok: false; error: string } {
  if (answers.length !== fields.length) {
    return { ok: false, error: `expected ${fields.length} answers, got ${answers.length}` };
  }
  const content: ElicitationContent = {};
  const problems: string[] = [];
  fields.forEach(({ question, values }, index) => {
    const answer = answers[index] ?? null;
    const problem = checkFormAnswer(question, answer);
    if (problem) {
      problems.push(`${question.key}: ${problem}`);
      return;
    }
    if (answer === null) return;
    switch (question.kind) {
      case 'boolean':
        content[question.key] = answer === 'Yes';
        break;
      case 'number':
      case 'integer':
        content[question.key] = parseFormNumber(answer as string);
        break;
      case 'choice':
        content[question.key] = values!.get(answer as string)!;
        break;
      case 'multi-choice':
        content[question.key] = (answer as string[]).map((label) => values!.get(label)!);
        break;
      case 'text':
        content[question.key] = answer as string;
        break;
    }
  });
  return problems.length > 0 ? { ok: false, error: problems.join('; ') } : { ok: true, content };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
