import {
  checkFormAnswer,
  type FormAnswer,
  type FormOutcome,
  type FormQuestion,
  type FormQuestionnaire,
} from '@agent/tools';
import { acceptedContent } from './elicitation-content';
import type {
  CreateElicitationResponse,
  ElicitationPropertySchema,
  ElicitationSchema,
} from './schema';

/**
 * An MCP server's form (already read into questions by @agent/mcp) as the editor's elicitation
 * form: one field per question, keyed by its property, choices by their labels, defaults kept.
 */
export function serverFormSchema(form: FormQuestionnaire): ElicitationSchema {
  const properties: Record<string, ElicitationPropertySchema> = {};
  for (const question of form.questions) properties[question.key] = fieldSchema(question);
  return {
    type: 'object',
    properties,
    required: form.questions.filter((q) => q.required).map((q) => q.key),
  };
}

function fieldSchema(question: FormQuestion): ElicitationPropertySchema {
  const title = question.question;
  switch (question.kind) {
    case 'boolean':
      return { type: 'boolean', title, default: question.options[0] === 'Yes' };
    case 'choice':
      return { type: 'string', title, enum: [...question.options], default: question.options[0]! };
    case 'multi-choice':
      return {
        type: 'array',
        title,
        items: { type: 'string', enum: [...question.options] },
        ...(question.min !== undefined ? { minItems: question.min } : {}),
        ...(question.max !== undefined ? { maxItems: question.max } : {}),
        ...(question.defaults ? { default: [...question.defaults] } : {}),
      };
    case 'number':
    case 'integer':
      return {
        type: question.kind,
        title,
        ...(question.min !== undefined ? { minimum: question.min } : {}),
        ...(question.max !== undefined ? { maximum: question.max } : {}),
        ...(question.options[0] !== undefined ? { default: Number(question.options[0]) } : {}),
      };
    case 'text':
      return {
        type: 'string',
        title,
        ...(question.min !== undefined ? { minLength: question.min } : {}),
        ...(question.max !== undefined ? { maxLength: question.max } : {}),
        ...(question.format ? { format: question.format as 'email' } : {}),
        ...(question.options[0] !== undefined ? { default: question.options[0] } : {}),
      };
  }
}

/**
 * The editor's reply as the form's outcome: answers in question order (numbers and booleans as
 * the questions' text), decline and cancel as they are. A reply whose value does not fit its
 * question cancels the form: the server never gets what nobody answered.
 */
export function serverFormOutcome(
  form: FormQuestionnaire,
  response: CreateElicitationResponse,
): FormOutcome {
  if (response.action === 'decline') return { action: 'decline' };
  if (response.action !== 'accept') return { action: 'cancel' };
  const content = acceptedContent(response);
  const answers: FormAnswer[] = [];
  for (const question of form.questions) {
    const answer = answerOf(question, content[question.key]);
    if (answer === undefined || checkFormAnswer(question, answer) !== undefined) {
      return { action: 'cancel' };
    }
    answers.push(answer);
  }
  return { action: 'accept', answers };
}

function answerOf(question: FormQuestion, value: unknown): FormAnswer | undefined {
  if (value === undefined || value === null || value === '') return null;
  if (question.kind === 'boolean') {
    return typeof value === 'boolean' ? (value ? 'Yes' : 'No') : undefined;
  }
  if (question.kind === 'multi-choice') {
    return Array.isArray(value) && value.every((v) => typeof v === 'string') ? value : undefined;
  }
  if (typeof value === 'number') return String(value);
  return typeof value === 'string' ? value : undefined;
}
