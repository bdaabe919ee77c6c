import {
  PersonQueue,
  refuseAtOnce,
  type AnyPersonRequest,
  type PermissionDecision,
  type PersonAnswer,
  type PersonChannel,
  type PersonPresenter,
  type PersonRequest,
  type PersonRequestKind,
  type QuestionnaireProgress,
} from '@agent/tools';
import { approvalChoices, coverWaiting, decisionFor, PLAN_CHOICES } from '@agent/tools';
import { mergedProgress, sameProgress } from '@agent/tools';
import type { Card, CardAnswer, CardClosing, CardViewer } from './cards';
import { checkCardAnswer } from './card-answer-checks';
import { personAnswers } from '../person/person-answers';

/** What the table tells the conversation's listeners (its viewers are told directly). */
export interface CardTableEvents {
  /** A card is shown now (one at a time), to every viewer that shows its kind. */
  shown(card: Card): void;
  /** A card waits behind the shown one (not shown yet). */
  waiting(card: Card): void;
  /** The shown questionnaire's answers so far changed, on the front end `by`. */
  progressed(id: string, progress: QuestionnaireProgress, by: string): void;
  closed(id: string, closing: CardClosing): void;
}

/**
 * The conversation's one person channel: requests wait in one queue (one shown at a time, across
 * every kind) and are shown as cards to every attached viewer that shows their kind; the first
 * viewer to answer wins, its answer resolves the asking tool's promise directly, and the others
 * hear where it was answered. Kinds no viewer shows go to `unattended` (a headless policy), or
 * are refused at once.
 */
export class CardTable implements PersonChannel, PersonPresenter {
  private readonly queue = new PersonQueue(this);
  private readonly viewers = new Set<CardViewer>();
  private shownNow: Card | undefined;
  /** The answers given so far on the shown questionnaire, from every viewer (see `progress`). */
  private progressNow: QuestionnaireProgress | undefined;
  /** Where the person answered a call's own card (a questionnaire, a plan), by call id. */
  private readonly answeredBy = new Map<string, string>();

  constructor(
    private readonly events: CardTableEvents,
    private readonly unattended: PersonChannel | undefined,
  ) {}

  /** Adds a viewer; returns the function that removes it. */
  attach(viewer: CardViewer): () => void {
    this.viewers.add(viewer);
    return () => void this.viewers.delete(viewer);
  }

  /**
   * The card shown now, if any (for a viewer that joins while it waits): a questionnaire with the
   * answers given so far filled in (as `answered`).
   */
  get shown(): Card | undefined {
    return withAnswered(this.shownNow, this.progressNow);
  }

  /** The request shown now, then those waiting for it, in order. */
  get pending(): AnyPersonRequest[] {
    return this.queue.pending;
  }

  /** The cards waiting behind the shown one. */
  get waiting(): Card[] {
    return this.queue.pending.filter((request) => request !== this.shownNow?.request).map(cardOf);
  }

  canAnswer(kind: PersonRequestKind): boolean {
    return this.viewed(kind) || (this.unattended?.canAnswer(kind) ?? false);
  }

  /** A viewer's person answers `kind`, or the unattended channel says a person answers it there. */
  personAnswers(kind: PersonRequestKind): boolean {
    return this.viewed(kind) || (this.unattended ? personAnswers(this.unattended, kind) : false);
  }

  ask<K extends PersonRequestKind>(request: PersonRequest<K>): Promise<PersonAnswer<K>> {
    if (!this.viewed(request.kind)) {
      if (this.unattended) return this.unattended.ask(request);
      return Promise.resolve().then(
        () => refuseAtOnce(request as AnyPersonRequest) as PersonAnswer<K>,
      );
    }
    const answer = this.queue.ask(request);
    const any = request as AnyPersonRequest;
    if (this.queue.pending.includes(any) && this.shownNow?.request !== any) {
      const card = cardOf(any);
      for (const viewer of this.viewersOf(any.kind)) viewer.queued?.(card);
      this.events.waiting(card);
    }
    return answer;
  }

  /**
   * Answers the shown card `id` from the viewer `by`. Returns a problem (in words) when `id` is
   * not the card shown now (answered elsewhere, withdrawn, never shown) or the answer does not fit.
   */
  answer(id: string, answer: CardAnswer, by: string): string | undefined {
    const card = this.shownNow;
    if (card?.request.id !== id) return `no card ${id} is waiting for an answer`;
    const problem = checkCardAnswer(card.request, answer);
    if (problem) return problem;
    if (answer.kind !== 'approval') {
      // A call's own card only: a server's form or URL during an MCP call carries the call's
      // id, but the call's record says how the call itself was approved.
      const callId = card.request.toolCallId;
      const own = answer.kind === 'questionnaire' || answer.kind === 'plan';
      if (own && callId !== undefined) this.answeredBy.set(callId, by);
      this.close(id, { how: 'answered', by, answer });
      this.queue.settleShown(id, { answer: payloadOf(answer) });
      return undefined;
    }
    const choice = card.choices?.choices.find((c) => c.id === answer.choice);
    if (!choice) {
      const offered = card.choices?.choices.map((c) => c.id).join(', ');
      return `card ${id} offers the choices ${offered}, not ${answer.choice}`;
    }
    this.close(id, { how: 'answered', by, answer });
    const decision: PermissionDecision = {
      ...decisionFor(choice, answer.reason),
      approval: { by: 'person', on: by },
    };
    // The waiting approvals it covers are answered first: settling the shown card shows the next.
    for (const covered of coverWaiting(this.queue, decision)) {
      this.close(covered.id, { how: 'answered', by, allowedBy: choice.rule! });
    }
    this.queue.settleShown(id, { answer: decision });
    return undefined;
  }

  /**
   * The front end the person answered call `callId`'s own card on (a questionnaire, a plan), once:
   * for its record when the call ends. An approval's record says it itself.
   */
  takeAnsweredOn(callId: string): string | undefined {
    const by = this.answeredBy.get(callId);
    this.answeredBy.delete(callId);
    return by;
  }

  /**
   * The answers given so far on the shown questionnaire `id`, as the viewer `by` has them now:
   * merged over those recorded (an answer another viewer gave that `by` has not heard of yet
   * stays), kept by the asking tool and the session, and told to every viewer and listener when
   * they changed. Returns a problem when `id` is not the questionnaire shown now.
   */
  progress(id: string, progress: QuestionnaireProgress, by: string): string | undefined {
    const request = this.shownNow?.request;
    if (request?.id !== id || request.kind !== 'questionnaire') {
      return `no questionnaire ${id} is open`;
    }
    const total = request.payload.questionnaire.questions.length;
    const before = this.progressNow;
    const merged = mergedProgress(before, progress, total);
    this.progressNow = merged;
    request.payload.onProgress?.(merged);
    if (before && sameProgress(before, merged, total)) return undefined;
    const heardAll = sameProgress(progress, merged, total);
    for (const viewer of this.viewersOf('questionnaire')) {
      if (viewer.name !== by || !heardAll) viewer.progressed?.(id, merged);
    }
    this.events.progressed(id, merged, by);
    return undefined;
  }

  /** Fails the shown card `id` with `reason` (a front end could not show it): its call fails. */
  refuse(id: string, reason: string): string | undefined {
    if (this.shownNow?.request.id !== id) return `no card ${id} is waiting for an answer`;
    this.close(id, { how: 'withdrawn', reason });
    this.queue.settleShown(id, { error: new Error(reason) });
    return undefined;
  }

  private viewed(kind: PersonRequestKind): boolean {
    for (const viewer of this.viewers) if (viewer.kinds.includes(kind)) return true;
    return false;
  }

  private viewersOf(kind: PersonRequestKind): CardViewer[] {
    return [...this.viewers].filter((viewer) => viewer.kinds.includes(kind));
  }

  /** The queue shows `request` now: its card goes to every viewer of its kind. */
  show(request: AnyPersonRequest): void {
    const card = cardOf(request);
    this.shownNow = card;
    this.progressNow = request.kind === 'questionnaire' ? request.payload.answered : undefined;
    for (const viewer of this.viewersOf(request.kind)) {
      if (this.shownNow !== card) return;
      try {
        viewer.show?.(this.progressFrom(card, viewer.name), (given) =>
          'refused' in given
            ? this.refuse(request.id, given.refused)
            : this.answer(request.id, given, viewer.name),
        );
      } catch (error) {
        this.refuse(request.id, error instanceof Error ? error.message : String(error));
        return;
      }
    }
    if (this.shownNow === card) this.events.shown(card);
  }

  /** The shown request's signal aborted (its turn was interrupted): its card goes everywhere. */
  withdrawn(request: AnyPersonRequest, reason: unknown): void {
    this.close(request.id, {
      how: 'withdrawn',
      reason: reason instanceof Error ? reason.message : 'interrupted',
    });
  }

  /** Says where card `id` went, to its viewers and the listeners; the shown card is no more. */
  private close(id: string, closing: CardClosing): void {
    if (this.shownNow?.request.id === id) {
      this.shownNow = undefined;
      this.progressNow = undefined;
    }
    for (const viewer of this.viewers) viewer.closed?.(id, closing);
    this.events.closed(id, closing);
  }

  /** `card` as the viewer `by` gets it: a questionnaire's progress there comes to `progress`. */
  private progressFrom(card: Card, by: string): Card {
    const { request } = card;
    if (request.kind !== 'questionnaire') return card;
    const onProgress = (progress: QuestionnaireProgress): void =>
      void this.progress(request.id, progress, by);
    return { ...card, request: { ...request, payload: { ...request.payload, onProgress } } };
  }
}

/** A questionnaire card with the answers given so far as its `answered`; another card as it is. */
function withAnswered(card: Card | undefined, progress: QuestionnaireProgress | undefined) {
  if (!card || !progress || card.request.kind !== 'questionnaire') return card;
  const request = card.request;
  return { ...card, request: { ...request, payload: { ...request.payload, answered: progress } } };
}

function cardOf(request: AnyPersonRequest): Card {
  if (request.kind === 'approval') return { request, choices: approvalChoices(request.payload) };
  if (request.kind === 'plan') return { request, planChoices: PLAN_CHOICES };
  return { request };
}

function payloadOf(answer: Exclude<CardAnswer, { kind: 'approval' }>): unknown {
  switch (answer.kind) {
    case 'questionnaire':
      return answer.result;
    case 'form':
    case 'url':
      return answer.outcome;
    case 'plan':
      return answer.decision;
  }
}
