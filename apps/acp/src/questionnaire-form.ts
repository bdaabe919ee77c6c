import { ASK_USER_LIMITS, codePoints } from '@agent/askuser';
import type {
  Answer,
  AnsweredQuestionnaire,
  DecidedAnswer,
  LaterAnswer,
  Question,
  Questionnaire,
} from '@agent/tools';
import { acceptedContent } from './elicitation-content';
import type { CreateElicitationResponse, ElicitationSchema } from './schema';

/** The label of each question's free-text field. */
export const TYPED_ANSWER_TITLE = 'Or type your answer';

const choiceKey = (index: number) => `q${index + 1}`;
const typedKey = (index: number) => `q${index + 1}_typed`;

/**
 * An `ask_user` questionnaire as an elicitation form: per question a single-select field whose
 * choices are the exact option strings, the first (the model's recommendation) as its default,
 * and beside it a free-text field; a typed answer takes the place of the choice. A question with
 * a kept decision (`decided`) has the kept answer as its default instead (a kept typed answer as
 * the text field's default), and its description says when it was decided.
 */
export function questionnaireSchema(
  questionnaire: Questionnaire,
  decided: readonly DecidedAnswer[] = [],
): ElicitationSchema {
  const properties: NonNullable<ElicitationSchema['properties']> = {};
  questionnaire.questions.forEach((question, i) => {
    const kept = decided.find((entry) => entry.question === i);
    const defaults = kept ? keptDefaults(question, kept.answer) : {};
    const note = kept ? { description: `kept decision from ${kept.decidedAt.slice(0, 10)}` } : {};
    properties[choiceKey(i)] =
      question.multiSelect === true
        ? {
            type: 'array',
            title: question.question,
            items: { type: 'string', enum: [...question.options] },
            default: (defaults.choice as string[] | undefined) ?? [question.options[0]!],
            ...note,
          }
        : {
            type: 'string',
            title: question.question,
            enum: [...question.options],
            default: (defaults.choice as string | undefined) ?? question.options[0]!,
            ...note,
          };
    properties[typedKey(i)] = {
      type: 'string',
      title: TYPED_ANSWER_TITLE,
      description: `Instead of a choice above, for: ${question.question}`,
      maxLength: ASK_USER_LIMITS.maxAnswerChars,
      ...(defaults.typed !== undefined ? { default: defaults.typed } : {}),
    };
  });
  return {
    type: 'object',
    properties,
    required: questionnaire.questions.flatMap((q, i) =>
      q.multiSelect === true ? [] : [choiceKey(i)],
    ),
  };
}

/** A kept answer as the form's defaults: the options it holds, and its typed text. */
function keptDefaults(question: Question, answer: Answer): { choice?: Answer; typed?: string } {
  if (typeof answer === 'string') {
    return question.options.includes(answer) ? { choice: answer } : { typed: answer };
  }
  const typed = answer.find((entry) => !question.options.includes(entry));
  const choice = question.options.filter((option) => answer.includes(option));
  return { choice, ...(typed !== undefined ? { typed } : {}) };
}

/** The message shown above the form. */
export function questionnaireMessage(questionnaire: Questionnaire): string {
  const count = questionnaire.questions.length;
  return count === 1
    ? 'The agent has a question for you.'
    : `The agent has ${count} questions for you.`;
}

/**
 * The person's reply as the tool's result: per question the typed answer (trimmed, when not
 * empty) or else the exact option chosen; for a multi-select question the options chosen in
 * option order, then the typed text (at least one of them). Decline and cancel are a cancelled
 * questionnaire. A question answered with neither an option nor usable text has no answer, so the
 * model never gets an answer nobody gave: the result is cancelled, and the answers after it are
 * kept as answered out of order (ASK_USER.md §10).
 */
export function questionnaireAnswers(
  questionnaire: Questionnaire,
  response: CreateElicitationResponse,
): AnsweredQuestionnaire {
  if (response.action !== 'accept') return { answers: [], cancelled: true, custom: [] };
  const content = acceptedContent(response);
  const given = questionnaire.questions.map((question, i) => formAnswer(question, content, i));
  const open = given.findIndex((entry) => entry === undefined);
  const prefix = (open === -1 ? given : given.slice(0, open)) as FormEntry[];
  const later: LaterAnswer[] = [];
  if (open !== -1) {
    for (let i = open + 1; i < given.length; i++) {
      const entry = given[i];
      if (entry) later.push({ question: i, answer: entry.answer, custom: entry.custom });
    }
  }
  return {
    answers: prefix.map((entry) => entry.answer),
    cancelled: open !== -1,
    custom: prefix.map((entry) => entry.custom),
    ...(later.length > 0 ? { later } : {}),
  };
}

interface FormEntry {
  answer: Answer;
  custom: boolean;
}

/** Question `i`'s answer in the form's content; undefined when it has none that counts. */
function formAnswer(
  question: Question,
  content: Record<string, unknown>,
  i: number,
): FormEntry | undefined {
  const typed = content[typedKey(i)];
  const text = typeof typed === 'string' ? typed.trim() : '';
  if (question.multiSelect === true) {
    const answer = multiAnswer(question.options, content[choiceKey(i)], text);
    return answer
      ? { answer, custom: answer.some((entry) => !question.options.includes(entry)) }
      : undefined;
  }
  if (text !== '') {
    if (codePoints(text) > ASK_USER_LIMITS.maxAnswerChars) return undefined;
    return { answer: text, custom: true };
  }
  const chosen = content[choiceKey(i)];
  if (typeof chosen !== 'string' || !question.options.includes(chosen)) return undefined;
  return { answer: chosen, custom: false };
}

/** A multi-select reply: the exact options chosen in option order, then the text; none: undefined. */
function multiAnswer(options: string[], chosen: unknown, text: string): string[] | undefined {
  if (codePoints(text) > ASK_USER_LIMITS.maxAnswerChars) return undefined;
  const picked = Array.isArray(chosen) ? chosen : [];
  if (!picked.every((value) => typeof value === 'string' && options.includes(value))) {
    return undefined;
  }
  // Typed text that is exactly an option counts as that option (never twice).
  const answer = options.filter((option) => picked.includes(option) || option === text);
  if (text !== '' && !options.includes(text)) answer.push(text);
  return answer.length > 0 ? answer : undefined;
}
