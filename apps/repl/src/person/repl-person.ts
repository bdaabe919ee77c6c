import {
  AnsweredElsewhere,
  type AnswerCard,
  type Card,
  type CardAnswer,
  type CardClosing,
  type CardViewer,
} from '@agent/runtime';
import type { AnyPersonRequest, PersonRequest, PersonRequestKind } from '@agent/tools';
import { awaitingLine, markWaiting, settleLine } from '../app/call-approval';
import type { ReplHost } from '../app/extension';
import type { CardDesk, CardPresenter, CardPresenters, CardReply } from './card-desk';
import type { CardNotifier } from './card-notifier';
import { guardTyping, type PromptTyping } from './typing-guard';

/**
 * The terminal as a viewer of the conversation's cards: each card (approval, questionnaire,
 * server form) is shown by its presenter; the conversation keeps the queue (one shown at a time)
 * and decides what an answer does. A card that opens while the person types starts inert
 * (guardTyping). With a notifier, a shown card that waits long is announced. A card closed
 * elsewhere (answered on another front end, withdrawn) closes here too.
 */
export class ReplCards implements CardViewer {
  readonly name = 'the terminal';
  readonly kinds: PersonRequestKind[];
  private readonly desk: CardDesk;
  private readonly open = new Map<string, AbortController>();
  /** Approvals waiting behind the shown card, by card id (their lines say they wait). */
  private readonly waiting = new Map<string, PersonRequest<'approval'>>();

  constructor(
    private readonly host: ReplHost,
    private readonly presenters: CardPresenters,
    typing: PromptTyping,
    /** Says that an answer was not taken, and why. */
    private readonly notTaken: (problem: string) => void,
    private readonly notifier?: CardNotifier,
  ) {
    this.kinds = (Object.keys(presenters) as PersonRequestKind[]).filter(
      (kind) => presenters[kind] !== undefined,
    );
    this.desk = {
      host,
      open: (modal) => {
        const guarded = guardTyping(modal, typing);
        const close = host.modals.open(guarded);
        return { close, active: () => host.modals.active === guarded };
      },
    };
  }

  /** A card waits behind the shown one: an approval's call says so on its line, not "Running". */
  queued(card: Card): void {
    const request = card.request;
    if (request.kind !== 'approval') return;
    this.waiting.set(request.id, request);
    const line = awaitingLine(this.host.transcript, request.payload);
    if (line) markWaiting(this.host.transcript, line);
  }

  show(card: Card, answer: AnswerCard): void {
    this.waiting.delete(card.request.id);
    const closed = new AbortController();
    this.open.set(card.request.id, closed);
    const signal = AbortSignal.any([card.request.signal, closed.signal]);
    const request = { ...card.request, signal } as AnyPersonRequest;
    const presenter = this.presenters[request.kind] as CardPresenter<typeof request.kind>;
    const stopWatching = this.notifier?.watch(request);
    const reply = presenter(request as PersonRequest<typeof request.kind>, this.desk, card);
    const given = (value: CardAnswer | { refused: string }): void => {
      stopWatching?.();
      this.open.delete(card.request.id);
      if (signal.aborted) return;
      const problem = answer(value);
      if (problem) this.notTaken(problem);
    };
    reply.then(
      (value) => given(cardAnswer(request.kind, value)),
      // Ended by the person without an answer (Ctrl+C on a server's form): its call fails.
      (error: unknown) =>
        given({ refused: error instanceof Error ? error.message : String(error) }),
    );
  }

  /**
   * A card closed: shown here, its card goes (answered elsewhere or withdrawn); waiting, its line
   * says how it was settled (allowed by the rule an "always" answer added).
   */
  closed(id: string, closing: CardClosing): void {
    const waiting = this.waiting.get(id);
    this.waiting.delete(id);
    if (waiting && closing.how === 'answered' && closing.allowedBy) {
      const line = awaitingLine(this.host.transcript, waiting.payload);
      const choice = {
        id: 'session',
        kind: 'allow_always',
        label: '',
        rule: closing.allowedBy,
      } as const;
      if (line) settleLine(this.host.transcript, line, { choice });
    }
    // A withdrawn card's own signal says why (an ApprovedByMode reason is drawn as such).
    if (closing.how !== 'answered') return;
    const open = this.open.get(id);
    this.open.delete(id);
    open?.abort(new AnsweredElsewhere(closing.by, closing.answer));
  }
}

function cardAnswer(kind: PersonRequestKind, value: CardReply<PersonRequestKind>): CardAnswer {
  switch (kind) {
    case 'approval': {
      const pick = value as CardReply<'approval'>;
      return {
        kind: 'approval',
        choice: pick.choice.id,
        ...(pick.reason !== undefined ? { reason: pick.reason } : {}),
      };
    }
    case 'questionnaire':
      return { kind, result: value as CardReply<'questionnaire'> };
    case 'form':
      return { kind, outcome: value as CardReply<'form'> };
    case 'url':
      return { kind, outcome: value as CardReply<'url'> };
    case 'plan':
      return { kind, decision: value as CardReply<'plan'> };
  }
}
