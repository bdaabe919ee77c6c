import {
  ShownCopies,
  type AnswerCard,
  type Card,
  type CardClosing,
  type CardViewer,
} from '@agent/runtime';
import type {
  AnyPersonRequest,
  PersonRequest,
  PersonRequestKind,
  QuestionnaireProgress,
} from '@agent/tools';
import { awaitingLine, markWaiting, settleLine } from '../app/call-approval';
import { THE_TERMINAL } from '../app/approval-text';
import type { ReplHost } from '../app/extension';
import type { CardDesk, CardPresenter, CardPresenters, CardReply } from './card-desk';
import { guardTyping, type PromptTyping } from './typing-guard';

/**
 * The terminal as a viewer of the conversation's cards: each card (approval, questionnaire,
 * server form) is shown by its presenter; the conversation keeps the queue (one shown at a time)
 * and decides what an answer does. A card that opens while the person types starts inert, and
 * an approval card goes inert at a letter none of its choices has (guardTyping). A card closed elsewhere (answered on another front end, withdrawn) closes here too.
 */
export class ReplCards implements CardViewer {
  readonly name = THE_TERMINAL;
  readonly kinds: PersonRequestKind[];
  private readonly desk: CardDesk;
  /** The cards shown here, each closed when the conversation closes it. */
  private readonly open = new ShownCopies();
  /** Approvals waiting behind the shown card, by card id (their lines say they wait). */
  private readonly waiting = new Map<string, PersonRequest<'approval'>>();
  /** What each shown questionnaire does with the answers given on another front end, by card id. */
  private readonly progressHeard = new Map<string, (progress: QuestionnaireProgress) => void>();

  constructor(
    private readonly host: ReplHost,
    private readonly presenters: CardPresenters,
    typing: PromptTyping,
    /** Says that an answer was not taken, and why. */
    private readonly notTaken: (problem: string) => void,
  ) {
    this.kinds = (Object.keys(presenters) as PersonRequestKind[]).filter(
      (kind) => presenters[kind] !== undefined,
    );
    this.desk = {
      host,
      open: (modal) => {
        const inert = typing.active();
        const guarded = inert || modal.strayKey ? guardTyping(modal, typing, inert) : modal;
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
    const { id } = card.request;
    this.waiting.delete(id);
    const signal = this.open.open(card);
    const request = { ...card.request, signal } as AnyPersonRequest;
    const presenter = this.presenters[request.kind] as CardPresenter<typeof request.kind>;
    const given: CardReply<typeof request.kind> = (reply) => {
      this.open.forget(id);
      if (signal.aborted) return;
      const problem = answer(reply);
      if (problem) this.notTaken(problem);
    };
    const desk: CardDesk = {
      ...this.desk,
      onProgress: (listener) => void this.progressHeard.set(id, listener),
    };
    presenter(request as PersonRequest<typeof request.kind>, desk, given, card);
  }

  /** The shown questionnaire `id` got answers on another front end: its card fills them in. */
  progressed(id: string, progress: QuestionnaireProgress): void {
    this.progressHeard.get(id)?.(progress);
  }

  /**
   * A card closed: shown here, its card goes (answered elsewhere or withdrawn); waiting, its line
   * says how it was settled (allowed by the rule an "always" answer added).
   */
  closed(id: string, closing: CardClosing): void {
    const waiting = this.waiting.get(id);
    this.waiting.delete(id);
    this.progressHeard.delete(id);
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
    this.open.closed(id, closing);
  }
}
