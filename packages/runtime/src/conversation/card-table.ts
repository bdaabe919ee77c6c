import {
  PersonQueue,
  refuseAtOnce,
  type AnyPersonRequest,
  type PersonAnswer,
  type PersonChannel,
  type PersonRequest,
  type PersonRequestKind,
} from '@agent/tools';
import { approvalChoices, coverWaiting, decisionFor } from '@agent/tools';
import type { Card, CardAnswer, CardClosing, CardViewer } from './cards';
import { checkCardAnswer } from './card-answer-checks';

/** What the table tells the conversation's listeners. */
export interface CardTableEvents {
  /** A card is shown now (one at a time), to every viewer that shows its kind. */
  shown(card: Card): void;
  /** A card waits behind the shown one (not shown yet). */
  waiting(card: Card): void;
  closed(id: string, closing: CardClosing): void;
}

interface Shown {
  card: Card;
  answer(value: unknown): void;
  fail(reason: Error): void;
}

/**
 * The conversation's one person channel: requests wait in one queue (one shown at a time, across
 * every kind) and are shown as cards to every attached viewer that shows their kind; the first
 * viewer to answer wins and the others hear where it was answered. Kinds no viewer shows go to
 * `unattended` (a headless policy), or are refused at once.
 */
export class CardTable implements PersonChannel {
  private readonly queue: PersonQueue;
  private readonly viewers = new Set<CardViewer>();
  private shownNow: Shown | undefined;

  constructor(
    private readonly events: CardTableEvents,
    private readonly unattended: PersonChannel | undefined,
  ) {
    this.queue = new PersonQueue((request) => this.show(request));
  }

  /** Adds a viewer; returns the function that removes it. */
  attach(viewer: CardViewer): () => void {
    this.viewers.add(viewer);
    return () => void this.viewers.delete(viewer);
  }

  /** The card shown now, if any (for a viewer that joins while it waits). */
  get shown(): Card | undefined {
    return this.shownNow?.card;
  }

  /** The request shown now, then those waiting for it, in order. */
  get pending(): AnyPersonRequest[] {
    return this.queue.pending;
  }

  /** The cards waiting behind the shown one. */
  get waiting(): Card[] {
    return this.queue.pending
      .filter((request) => request !== this.shownNow?.card.request)
      .map(cardOf);
  }

  canAnswer(kind: PersonRequestKind): boolean {
    return this.viewed(kind) || (this.unattended?.canAnswer(kind) ?? false);
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
    if (this.queue.pending.includes(any) && this.shownNow?.card.request !== any) {
      this.events.waiting(cardOf(any));
    }
    return answer;
  }

  /**
   * Answers the shown card `id` from the viewer `by`. Returns a problem (in words) when `id` is
   * not the card shown now (answered elsewhere, withdrawn, never shown) or the answer does not fit.
   */
  answer(id: string, answer: CardAnswer, by: string): string | undefined {
    const shown = this.shownNow;
    if (!shown || shown.card.request.id !== id) return `no card ${id} is waiting for an answer`;
    const request = shown.card.request;
    const problem = checkCardAnswer(request, answer);
    if (problem) return problem;
    const choice =
      answer.kind === 'approval'
        ? shown.card.choices?.choices.find((c) => c.id === answer.choice)
        : undefined;
    if (answer.kind === 'approval' && !choice) {
      const offered = shown.card.choices?.choices.map((c) => c.id).join(', ');
      return `card ${id} offers the choices ${offered}, not ${answer.choice}`;
    }
    this.shownNow = undefined;
    this.events.closed(id, { how: 'answered', by, answer });
    if (answer.kind === 'approval') {
      if (!choice) return undefined;
      const decision = decisionFor(choice, answer.reason);
      shown.answer(decision);
      for (const covered of coverWaiting(this.queue, decision)) {
        this.events.closed(covered.id, { how: 'answered', by, allowedBy: choice.rule! });
      }
      return undefined;
    }
    shown.answer(payloadOf(answer));
    return undefined;
  }

  /** Fails the shown card `id` with `reason` (a front end could not show it): its call fails. */
  refuse(id: string, reason: string): string | undefined {
    const shown = this.shownNow;
    if (!shown || shown.card.request.id !== id) return `no card ${id} is waiting for an answer`;
    this.shownNow = undefined;
    this.events.closed(id, { how: 'withdrawn', reason });
    shown.fail(new Error(reason));
    return undefined;
  }

  private viewed(kind: PersonRequestKind): boolean {
    for (const viewer of this.viewers) if (viewer.kinds.includes(kind)) return true;
    return false;
  }

  private show(request: AnyPersonRequest): Promise<unknown> {
    return new Promise((resolve, reject) => {
      const card = cardOf(request);
      const onAbort = (): void => {
        if (this.shownNow?.card !== card) return;
        this.shownNow = undefined;
        const reason: unknown = request.signal.reason;
        this.events.closed(request.id, {
          how: 'withdrawn',
          reason: reason instanceof Error ? reason.message : 'interrupted',
        });
        reject(reason);
      };
      this.shownNow = {
        card,
        answer: (value) => {
          request.signal.removeEventListener('abort', onAbort);
          resolve(value);
        },
        fail: (reason) => {
          request.signal.removeEventListener('abort', onAbort);
          reject(reason);
        },
      };
      request.signal.addEventListener('abort', onAbort, { once: true });
      this.events.shown(card);
    });
  }
}

function cardOf(request: AnyPersonRequest): Card {
  return request.kind === 'approval'
    ? { request, choices: approvalChoices(request.payload) }
    : { request };
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
