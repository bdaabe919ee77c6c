import type {
  Answer,
  DecidedAnswer,
  PersonAnswer,
  PersonChannel,
  PersonRequest,
  PersonRequestKind,
  Question,
} from '@agent/tools';
import type { DecisionBook } from './decision-book';

/**
 * `channel` with the kept decisions offered on every questionnaire: a question whose text
 * matches a decision in force gets it as `decided`, for the front end to preselect and date.
 * Nothing is answered for the person; other requests pass unchanged.
 */
export function offeringDecisions(channel: PersonChannel, book: DecisionBook): PersonChannel {
  return {
    canAnswer: (kind) => channel.canAnswer(kind),
    ask: <K extends PersonRequestKind>(request: PersonRequest<K>): Promise<PersonAnswer<K>> => {
      if (request.kind !== 'questionnaire') return channel.ask(request);
      const asked = request as PersonRequest<'questionnaire'>;
      if (asked.payload.review || asked.payload.decided) return channel.ask(request);
      const decided = decidedAnswers(asked.payload.questionnaire.questions, book);
      if (decided.length === 0) return channel.ask(request);
      const offered: PersonRequest<'questionnaire'> = {
        ...asked,
        payload: { ...asked.payload, decided },
      };
      return channel.ask(offered as unknown as PersonRequest<K>);
    },
  };
}

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
