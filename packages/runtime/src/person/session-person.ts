import type {
  AnyPersonRequest,
  Approve,
  PersonAnswer,
  PersonChannel,
  PersonRequest,
  PersonRequestKind,
} from '@agent/tools';
import { decidedAnswers } from '../decisions/deciding-person';
import type { DecisionBook } from '../decisions/decision-book';
import type { AnswerKeeper } from '../session-file/kept-answers';

/** What the session adds to the requests its tool calls make of the person. */
export interface SessionPersonPolicy {
  /** The session's approvals: plan mode, the permission rules, the mode, then the person. */
  approve: Approve;
  /** The decisions the person kept (`/remember`), offered on every questionnaire. */
  book: DecisionBook;
  /** Keeps each questionnaire answer as it is given, and finds it again on resume. */
  keeper: AnswerKeeper;
}

/**
 * The session's person channel, each request routed once by its kind: an approval to the
 * session's approval policy, which asks `person` only where nothing else decides; a
 * questionnaire to `person` as the session offers it (see sessionQuestionnaire); every other
 * kind to `person` as it is.
 */
export function sessionPerson(person: PersonChannel, policy: SessionPersonPolicy): PersonChannel {
  return {
    canAnswer: (kind) => person.canAnswer(kind),
    ask: <K extends PersonRequestKind>(request: PersonRequest<K>): Promise<PersonAnswer<K>> => {
      const any = request as AnyPersonRequest;
      if (any.kind === 'approval') return policy.approve(any) as Promise<PersonAnswer<K>>;
      if (any.kind !== 'questionnaire') return person.ask(request);
      return person.ask(sessionQuestionnaire(any, policy)) as Promise<PersonAnswer<K>>;
    },
  };
}

/**
 * A questionnaire as the session offers it: a question whose text matches a kept decision in
 * force gets it as `decided` (for the front end to preselect and date; nothing is answered for
 * the person, and a review or an already decided questionnaire is left as it is); a tool call's
 * questionnaire is kept from its first answer: each answer is recorded as it is given, and one
 * offered again after a crash opens with the answers given before filled in.
 */
export function sessionQuestionnaire(
  request: PersonRequest<'questionnaire'>,
  policy: Pick<SessionPersonPolicy, 'book' | 'keeper'>,
): PersonRequest<'questionnaire'> {
  const { payload, toolCallId: callId } = request;
  const decided =
    payload.review || payload.decided
      ? []
      : decidedAnswers(payload.questionnaire.questions, policy.book);
  if (decided.length === 0 && callId === undefined) return request;
  const { onProgress } = payload;
  const answered =
    callId === undefined ? undefined : (payload.answered ?? policy.keeper.earlier(callId));
  return {
    ...request,
    payload: {
      ...payload,
      ...(decided.length > 0 ? { decided } : {}),
      ...(answered ? { answered } : {}),
      ...(callId === undefined
        ? {}
        : {
            onProgress: (progress) => {
              policy.keeper.record(callId, progress);
              onProgress?.(progress);
            },
          }),
    },
  };
}
