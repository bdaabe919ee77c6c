import { checkFormAnswer, isAnswer, type AnyPersonRequest } from '@agent/tools';
import type { CardAnswer } from './cards';

/**
 * Why `answer` cannot answer `request` (in words a front end can show), or undefined when it
 * fits: the same kind, an approval choice the card offered, one answer per question, and each of
 * an accepted form's answers as its field takes it (what the terminal's card checks).
 */
export function checkCardAnswer(request: AnyPersonRequest, answer: CardAnswer): string | undefined {
  if (answer.kind !== request.kind) {
    return `card ${request.id} asks for a ${request.kind} answer, not a ${answer.kind} one`;
  }
  if (answer.kind === 'questionnaire' && request.kind === 'questionnaire') {
    const { answers, cancelled } = answer.result;
    const count = request.payload.questionnaire.questions.length;
    if (!Array.isArray(answers) || !answers.every(isAnswer)) {
      return 'each answer must be a string, or a list of strings for a multi-select question';
    }
    if (cancelled ? answers.length > count : answers.length !== count) {
      return `the questionnaire has ${count} question${count === 1 ? '' : 's'}; got ${answers.length} answer${answers.length === 1 ? '' : 's'}`;
    }
  }
  if (answer.kind === 'form' && request.kind === 'form' && answer.outcome.action === 'accept') {
    const { questions } = request.payload;
    const { answers } = answer.outcome;
    if (!Array.isArray(answers) || answers.length !== questions.length) {
      return `the form has ${questions.length} field${questions.length === 1 ? '' : 's'}; got ${Array.isArray(answers) ? answers.length : 'no'} answers`;
    }
    for (const [index, question] of questions.entries()) {
      const problem = checkFormAnswer(question, answers[index]!);
      if (problem) return `${question.key}: ${problem}`;
    }
  }
  return undefined;
}
