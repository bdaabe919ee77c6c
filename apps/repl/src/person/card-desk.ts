import type { Card } from '@agent/runtime';
import type { PersonAnswer, PersonRequest, PersonRequestKind } from '@agent/tools';
import type { ReplHost } from '../app/extension';
import type { Modal } from '../app/modal';
import type { ApprovalPick } from '../permission/permission-card';

/** What a card presenter may use: the host, and the one card slot of the person channel. */
export interface CardDesk {
  host: ReplHost;
  /**
   * Opens the card's modal, guarded against the person's typing (see guardTyping). `close` is
   * idempotent; `active` says whether the card owns the keyboard now.
   */
  open(modal: Modal): { close(): void; active(): boolean };
}

/**
 * Shows one kind of request as a card in the transcript and resolves with the person's answer.
 * It rejects with the signal's reason when the request's signal aborts, leaving nothing open.
 */
export type CardPresenter<K extends PersonRequestKind> = (
  request: PersonRequest<K>,
  desk: CardDesk,
  card: Card,
) => Promise<CardReply<K>>;

/** What a card resolves with: for an approval, the choice picked; else the request's answer. */
export type CardReply<K extends PersonRequestKind> = K extends 'approval'
  ? ApprovalPick
  : PersonAnswer<K>;

/** The card of each kind of request the REPL answers. */
export type CardPresenters = { [K in PersonRequestKind]?: CardPresenter<K> };
