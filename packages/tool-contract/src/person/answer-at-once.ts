import type {
  AnyPersonRequest,
  PersonAnswer,
  PersonChannel,
  PersonRequest,
  PersonRequestKind,
} from './person-request';
import { personChannel, type PersonHandlers } from './person-channel';

/** How each kind of request is answered at once, with nobody to wait for. */
export type ImmediateAnswers = PersonHandlers;

/**
 * A channel that never waits for a person (the headless policy, `--yes`, tests that are not
 * about asking): each kind with an answer in `answers` gets it at once; every other kind is
 * refused at once, as a front end with nobody at the keyboard must (see `refuseAtOnce`).
 */
export function answerAtOnce(answers: ImmediateAnswers): PersonChannel {
  return personChannel(answers, refuseAtOnce);
}

/**
 * What a request gets where nobody can answer it: an approval is denied, a server's form or URL
 * is declined, a questionnaire fails (its tool tells the model to proceed on its own), a plan is
 * left unanswered (the run ends with it, changing nothing).
 */
export function refuseAtOnce(request: AnyPersonRequest): PersonAnswer<PersonRequestKind> {
  switch (request.kind) {
    case 'approval': {
      const by = 'this run, where nobody can approve calls';
      return { kind: 'deny', by, approval: { by: 'policy', source: by } };
    }
    case 'form':
    case 'url':
      return { action: 'decline' };
    case 'questionnaire':
      throw new Error('nobody can answer questions in this run');
    case 'plan':
      return { decision: 'unanswered', by: 'this run, where nobody can approve a plan' };
  }
}

/**
 * Allows every call; other kinds are refused at once: for programs and tests not about asking.
 * Each call's record says a policy allowed it, never that a person did.
 */
export const allowAll: PersonChannel = answerAtOnce({
  approval: () => ({
    kind: 'allow',
    approval: { by: 'policy', source: 'a channel that allows every call (allowAll)' },
  }),
});

/**
 * `channel` for the listed kinds only; every other kind is refused at once (`refuseAtOnce`): a
 * subagent's calls are approved by the person, but it asks them nothing else.
 */
export function onlyKinds(
  channel: PersonChannel,
  kinds: readonly PersonRequestKind[],
): PersonChannel {
  const passes = (kind: PersonRequestKind) => kinds.includes(kind) && channel.canAnswer(kind);
  return {
    canAnswer: passes,
    ask: async <K extends PersonRequestKind>(request: PersonRequest<K>) =>
      passes(request.kind)
        ? channel.ask(request)
        : (refuseAtOnce(request as AnyPersonRequest) as PersonAnswer<K>),
  };
}
