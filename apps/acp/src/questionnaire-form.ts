import { ASK_USER_LIMITS, codePoints } from '@agent/askuser';
import type { Answer, AnsweredQuestionnaire, Questionnaire } from '@agent/tools';
import { acceptedContent } from './elicitation-content';
import type { CreateElicitationResponse, ElicitationSchema } from './schema';

/** The label of each question's free-text field. */
export const TYPED_ANSWER_TITLE = 'Or type your answer';

const choiceKey = (index: number) => `q${index + 1}`;
const typedKey = (index: number) => `q${index + 1}_typed`;

/**
 * An `ask_user` questionnaire as an elicitation form: per question a single-select field whose
 * choices are the exact option strings, the first (the model's recommendation) as its default,
 * and beside it a free-text field; a typed answer takes the place of the choice.
 */
export function questionnaireSchema(questionnaire: Questionnaire): ElicitationSchema {
  const properties: NonNullable<ElicitationSchema['properties']> = {};
  questionnaire.questions.forEach((question, i) => {
    properties[choiceKey(i)] =
      question.multiSelect === true
        ? {
            type: 'array',
            title: question.question,
            items: { type: 'string', enum: [...question.options] },
            default: [question.options[0]!],
          }
        : {
            type: 'string',
            title: question.question,
            enum: [...question.options],
            default: question.options[0]!,
          };
    properties[typedKey(i)] = {
      type: 'string',
      title: TYPED_ANSWER_TITLE,
      description: `Instead of a choice above, for: ${question.question}`,
      maxLength: ASK_USER_LIMITS.maxAnswerChars,
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
 * option order, then the typed text (at least one of them). Decline and cancel are a cancelled questionnaire. A
 * reply that answers a question with neither an option nor usable text ends the answers there,
 * as cancelled, so the model never gets an answer nobody gave.
 */
export function questionnaireAnswers(
  questionnaire: Questionnaire,
  response: CreateElicitationResponse,
): AnsweredQuestionnaire {
  if (response.action !== 'accept') return { answers: [], cancelled: true, custom: [] };
  const content = acceptedContent(response);
  const answers: Answer[] = [];
  const custom: boolean[] = [];
  for (const [i, question] of questionnaire.questions.entries()) {
    const typed = content[typedKey(i)];
    const text = typeof typed === 'string' ? typed.trim() : '';
    if (question.multiSelect === true) {
      const answer = multiAnswer(question.options, content[choiceKey(i)], text);
      if (!answer) break;
      answers.push(answer);
      custom.push(text !== '');
      continue;
    }
    if (text !== '') {
      if (codePoints(text) > ASK_USER_LIMITS.maxAnswerChars) break;
      answers.push(text);
      custom.push(true);
      continue;
    }
    const chosen = content[choiceKey(i)];
    if (typeof chosen !== 'string' || !question.options.includes(chosen)) break;
    answers.push(chosen);
    custom.push(false);
  }
  const complete = answers.length === questionnaire.questions.length;
  return { answers, cancelled: !complete, custom };
}

/** A multi-select reply: the exact options chosen in option order, then the text; none: undefined. */
function multiAnswer(options: string[], chosen: unknown, text: string): string[] | undefined {
  if (codePoints(text) > ASK_USER_LIMITS.maxAnswerChars) return undefined;
  const picked = Array.isArray(chosen) ? chosen : [];
  if (!picked.every((value) => typeof value === 'string' && options.includes(value))) {
    return undefined;
  }
  const answer = options.filter((option) => picked.includes(option));
  if (text !== '') answer.push(text);
  return answer.length > 0 ? answer : undefined;
}
