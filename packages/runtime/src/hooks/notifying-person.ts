import type { AnyPersonRequest, PersonChannel, PersonRequestKind } from '@agent/tools';
import type { SessionHooks } from './session-hooks';

/**
 * The person channel with the Notification hooks behind it: a request the front end does not
 * answer at once (a card waits: an approval, a questionnaire, a server's form, a plan) runs
 * them with a message saying what waits. Channels that answer at once (the headless policy)
 * never run them. A hook still running when the card is answered goes on to its end or timeout;
 * one withdrawn with its request (an interrupt) is stopped.
 */
export function notifyingPerson(channel: PersonChannel, hooks: SessionHooks): PersonChannel {
  return {
    canAnswer: (kind) => channel.canAnswer(kind),
    ask(request) {
      const answer = channel.ask(request);
      let answered = false;
      const settle = (): void => void (answered = true);
      answer.then(settle, settle);
      // An answer given at once settles within this turn of the event loop; a waiting card does not.
      setImmediate(() => {
        if (answered || request.signal.aborted) return;
        const described = describe(request as AnyPersonRequest);
        void hooks.run('Notification', described, request.signal);
      });
      return answer;
    },
  };
}

const TYPES: Record<PersonRequestKind, string> = {
  approval: 'permission_prompt',
  questionnaire: 'question',
  form: 'elicitation_dialog',
  url: 'elicitation_dialog',
  plan: 'plan_approval',
};

function describe(request: AnyPersonRequest): { message: string; notification_type: string } {
  const type = TYPES[request.kind];
  switch (request.kind) {
    case 'approval':
      return {
        message: `The agent needs your permission to use ${request.payload.toolName}`,
        notification_type: type,
      };
    case 'questionnaire':
      return { message: 'The agent has a question for you', notification_type: type };
    case 'plan':
      return { message: 'The agent has a plan for you to approve', notification_type: type };
    default:
      return { message: 'An MCP server asks you for input', notification_type: type };
  }
}
