import type { CardAnswer, Operation } from '@agent/runtime';
import { isAnswer, isLaterAnswers } from '@agent/tools';

/** What the page may ask: an operation, or resuming a saved session of the workspace by its id. */
export type PageOperation = Exclude<Operation, { type: 'resume' }> | { type: 'resume'; id: string };

/**
 * The operation a page's request body asks for, or why it is not one. The page may prompt,
 * steer, interrupt, resume a session and answer the cards it shows; whether an answer fits its
 * card is the conversation's to say.
 */
export function pageOperation(body: unknown): PageOperation | string {
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
    case 'progress': {
      if (typeof body.id !== 'string') return 'progress needs the card\'s "id" string';
      const progress = body.progress;
      if (
        !isRecord(progress) ||
        !Array.isArray(progress.answers) ||
        !progress.answers.every(isAnswer) ||
        !isBooleans(progress.custom) ||
        (progress.later !== undefined && !isLaterAnswers(progress.later))
      ) {
        return 'progress needs "answers" (strings or lists of strings), "custom" booleans and maybe "later"';
      }
      return {
        type: 'progress',
        id: body.id,
        progress: {
          answers: progress.answers,
          custom: progress.custom as boolean[],
          ...(progress.later !== undefined ? { later: progress.later } : {}),
        },
      };
    }
    case 'resume':
      return typeof body.id === 'string'
        ? { type: 'resume', id: body.id }
        : 'a resume needs the session\'s "id" string';
    default:
      return `unknown operation ${JSON.stringify(body.type ?? null)}: the page sends prompt, steer, interrupt, resume, answer or progress`;
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
  if (answer.kind === 'plan') return planAnswer(answer.decision);
  if (answer.kind === 'form') return formAnswer(answer.outcome);
  if (answer.kind === 'url') {
    const outcome = answer.outcome;
    return isRecord(outcome) && isAction(outcome.action)
      ? { kind: 'url', outcome: { action: outcome.action } }
      : 'a URL answer needs an "outcome" with an "action": accept, decline or cancel';
  }
  return `the page answers approval, questionnaire, plan, form and url cards, not ${JSON.stringify(answer.kind ?? null)}`;
}

function planAnswer(decision: unknown): CardAnswer | string {
  if (isRecord(decision) && decision.decision === 'approve') {
    return decision.mode === 'accept-edits' || decision.mode === 'default'
      ? { kind: 'plan', decision: { decision: 'approve', mode: decision.mode } }
      : 'an approved plan needs a "mode": accept-edits or default';
  }
  if (isRecord(decision) && decision.decision === 'keep-planning') {
    return typeof decision.note === 'string'
      ? { kind: 'plan', decision: { decision: 'keep-planning', note: decision.note } }
      : 'keeping on planning needs a "note" string';
  }
  return 'a plan answer needs a "decision": approve or keep-planning';
}

function formAnswer(outcome: unknown): CardAnswer | string {
  if (!isRecord(outcome) || !isAction(outcome.action)) {
    return 'a form answer needs an "outcome" with an "action": accept, decline or cancel';
  }
  if (outcome.action !== 'accept') return { kind: 'form', outcome: { action: outcome.action } };
  const answers = outcome.answers;
  const fits = (item: unknown): boolean =>
    item === null || typeof item === 'string' || isStrings(item);
  if (!Array.isArray(answers) || !answers.every(fits)) {
    return 'an accepted form needs "answers": per field a string, a list of strings, or null';
  }
  return {
    kind: 'form',
    outcome: { action: 'accept', answers: answers as Array<string | string[] | null> },
  };
}

function isAction(value: unknown): value is 'accept' | 'decline' | 'cancel' {
  return value === 'accept' || value === 'decline' || value === 'cancel';
}

function isStrings(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((item) => typeof item === 'string');
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isBooleans(value: unknown): boolean {
  return Array.isArray(value) && value.every((item) => typeof item === 'boolean');
}
