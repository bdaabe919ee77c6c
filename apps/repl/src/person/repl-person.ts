import {
  PersonQueue,
  type AnyPersonRequest,
  type PersonAnswer,
  type PersonChannel,
  type PersonRequest,
  type PersonRequestKind,
} from '@agent/tools';
import { awaitingLine, markWaiting } from '../app/call-approval';
import type { ReplHost } from '../app/extension';
import type { CardDesk, CardPresenter, CardPresenters } from './card-desk';
import type { CardNotifier } from './card-notifier';
import { guardTyping, type PromptTyping } from './typing-guard';

/**
 * The REPL's person channel: every request (approval, questionnaire, server form) waits in one
 * queue and is shown as its card, one at a time; the next stays unseen until the shown one is
 * answered. A card that opens while the person types starts inert (guardTyping). Kinds without
 * a card here are refused at once. With a notifier, a shown card that waits long is announced.
 */
export class ReplPerson implements PersonChannel {
  private readonly queue: PersonQueue;
  private readonly desk: CardDesk;

  constructor(
    private readonly host: ReplHost,
    presenters: CardPresenters,
    typing: PromptTyping,
    private readonly notifier?: CardNotifier,
  ) {
    const kinds = (Object.keys(presenters) as PersonRequestKind[]).filter(
      (kind) => presenters[kind] !== undefined,
    );
    this.queue = new PersonQueue((request) => this.present(request, presenters), kinds);
    this.desk = {
      host,
      open: (modal) => {
        const guarded = guardTyping(modal, typing);
        const close = host.modals.open(guarded);
        return { close, active: () => host.modals.active === guarded };
      },
      answerWaiting: (match, answer) => this.queue.answerWaiting(match, answer),
    };
  }

  /** The request on screen, then those waiting for it, in order. */
  get pending(): AnyPersonRequest[] {
    return this.queue.pending;
  }

  canAnswer(kind: PersonRequestKind): boolean {
    return this.queue.canAnswer(kind);
  }

  ask<K extends PersonRequestKind>(request: PersonRequest<K>): Promise<PersonAnswer<K>> {
    const answer = this.queue.ask(request);
    // A call whose approval waits behind another card says so on its line, not "Running".
    const any = request as AnyPersonRequest;
    if (any.kind === 'approval' && this.queue.pending.includes(any)) {
      const line = awaitingLine(this.host.transcript, any.payload);
      if (line) markWaiting(this.host.transcript, line);
    }
    return answer;
  }

  private present(request: AnyPersonRequest, presenters: CardPresenters): Promise<unknown> {
    const presenter = presenters[request.kind] as CardPresenter<typeof request.kind>;
    const stopWatching = this.notifier?.watch(request);
    const answer = presenter(request as PersonRequest<typeof request.kind>, this.desk);
    if (stopWatching) answer.then(stopWatching, stopWatching);
    return answer;
  }
}
