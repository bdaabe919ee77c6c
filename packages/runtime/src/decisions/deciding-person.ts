import type { Answer, DecidedAnswer, Question } from '@agent/tools';
import type { DecisionBook } from './decision-book';

/** The decisions in force for `questions`, each shaped for its question (or left out). */
export function decidedAnswers(
  questions: readonly Question[],
  book: DecisionBook,
): DecidedAnswer[] {
  const inForce = book.inForce();
  if (inForce.length === 0) return [];
  return questions.flatMap((question, index) => {
    const decision = book.forQuestion(question.question);
    const answer = decision && shaped(question, decision.answer);
    return answer === undefined || !decision
      ? []
      : [{ question: index, answer, decidedAt: decision.decidedAt }];
  });
}

/** The kept answer as `question` takes it: a list for multi-select, one string otherwise. */
function shaped(question: Question, answer: Answer): Answer | undefined {
  if (question.multiSelect === true) return typeof answer === 'string' ? [answer] : answer;
  if (typeof answer === 'string') return answer;
  return answer.length === 1 ? answer[0] : undefined;
}
