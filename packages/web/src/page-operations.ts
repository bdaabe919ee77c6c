import type { CardAnswer, Operation } from '@agent/runtime';
import { isLaterAnswers } from '@agent/tools';

/**
 * The operation a page's request body asks for, or why it is not one. The page may prompt,
 * steer, interrupt and answer the approvals and questionnaires it shows; whether an answer fits
 * its card is the conversation's to say.
 */
export function pageOperation(body: unknown): Operation | string {
  if (!isRecord(body)) return 'the body must be a JSON object with a "type"';
  switch (body.type) {
    case 'prompt':
    case 'steer':
      return typeof body.text === 'string'
        ? { type: body.type, text: body.text }
        : `a ${body.type} needs a "text" string`;
    case 'interrupt':
      return { type: 'interrupt', ...(body.soft === true ? { soft: true } : {}) };
    case 'answer': {
      if (typeof body.id !== 'string') return 'an answer needs the card\'s "id" string';
      const answer = cardAnswer(body.answer);
      return typeof answer === 'string' ? answer : { type: 'answer', id: body.id, answer };
    }
    default:
      return `unknown operation ${JSON.stringify(body.type ?? null)}: the page sends prompt, steer, interrupt or answer`;
  }
}

function cardAnswer(answer: unknown): CardAnswer | string {
  if (!isRecord(answer)) return 'an answer needs an "answer" object with a "kind"';
  if (answer.kind === 'approval') {
    if (typeof answer.choice !== 'string') return 'an approval answer needs a "choice" id';
    if (answer.reason !== undefined && typeof answer.reason !== 'string') {
      return 'an approval\'s "reason" must be a string';
    }
    return {
      kind: 'approval',
      choice: answer.choice as Extract<CardAnswer, { kind: 'approval' }>['choice'],
      ...(answer.reason !== undefined ? { reason: answer.reason } : {}),
    };
  }
  if (answer.kind === 'questionnaire') {
    const result = answer.result;
    if (!isRecord(result) || typeof result.cancelled !== 'boolean') {
      return 'a questionnaire answer needs a "result" with "answers" and "cancelled"';
    }
    if (result.custom !== undefined && !isBooleans(result.custom)) {
      return '"custom" must be a list of booleans';
    }
    if (result.later !== undefined && !isLaterAnswers(result.later)) {
      return '"later" must be a list of { question, answer } for questions after an unanswered one';
    }
    return {
      kind: 'questionnaire',
      result: {
        answers: result.answers as string[],
        cancelled: result.cancelled,
        ...(result.custom !== undefined ? { custom: result.custom as boolean[] } : {}),
        ...(result.later !== undefined ? { later: result.later } : {}),
      },
    };
  }
  return `the page answers approval and questionnaire cards, not ${JSON.stringify(answer.kind ?? null)}`;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isBooleans(value: unknown): boolean {
  return Array.isArray(value) && value.every((item) => typeof item === 'boolean');
}
