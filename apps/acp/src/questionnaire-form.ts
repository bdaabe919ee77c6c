import { ASK_USER_LIMITS, QuestionnaireIntentError, QuestionnaireIntents } from '@agent/askuser';
import type {
  Answer,
  AnsweredQuestionnaire,
  DecidedAnswer,
  Question,
  Questionnaire,
  QuestionnaireProgress,
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
 * The person's reply as the tool's result, given through the questionnaire's intents so the
 * editor's form follows the card's rules: per question the typed answer (when not empty: it takes
 * the place of the choice, trimmed) or else the exact option chosen; for a multi-select question
 * the options chosen in option order, then the typed text unless it is one of them (at least one
 * of them). Decline and cancel are a cancelled questionnaire. A question answered with neither an
 * option nor usable text has no answer, so the model never gets an answer nobody gave: the result
 * is cancelled, and the answers after it are kept as answered out of order (ASK_USER.md §10).
 * `onProgress` hears the answers as they are given, as from the card.
 */
export function questionnaireAnswers(
  questionnaire: Questionnaire,
  response: CreateElicitationResponse,
  onProgress?: (progress: QuestionnaireProgress) => void,
): AnsweredQuestionnaire {
  const model = new QuestionnaireIntents(questionnaire, onProgress ? { onProgress } : {});
  if (response.action === 'accept') {
    const content = acceptedContent(response);
    questionnaire.questions.forEach((question, i) => {
      try {
        answerFromForm(model, question, i, content);
      } catch (error) {
        // A value the form offered no field for: this question has no answer.
        if (!(error instanceof QuestionnaireIntentError)) throw error;
      }
    });
  }
  if (model.status === 'active') model.cancel();
  return model.result!;
}

/** Gives question `i` the answer the form's fields hold for it, if they hold one that counts. */
function answerFromForm(
  model: QuestionnaireIntents,
  question: Question,
  i: number,
  content: Record<string, unknown>,
): void {
  const typed = content[typedKey(i)];
  const text = typeof typed === 'string' && typed.trim() !== '' ? typed : undefined;
  const chosen = content[choiceKey(i)];
  model.jump(i);
  if (question.multiSelect === true) {
    const picked: unknown[] = Array.isArray(chosen) ? chosen : [];
    const ticked = (option: string) => model.ticked(question.options.indexOf(option));
    for (const value of picked) if (!ticked(value as string)) model.toggle(i, value as string);
    for (const option of question.options) {
      if (ticked(option) && !picked.includes(option)) model.toggle(i, option);
    }
  }
  if (text !== undefined) {
    model.type(i, text);
    // Refused (over the limit): the question keeps no answer rather than part of one.
    if (model.hint !== undefined) return;
  }
  if (question.multiSelect === true || text !== undefined) model.submit();
  else model.select(i, chosen as string);
}
