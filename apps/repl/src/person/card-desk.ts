import type { Card, CardAnswer } from '@agent/runtime';
import type { PersonRequest, PersonRequestKind, QuestionnaireProgress } from '@agent/tools';
import type { ReplHost } from '../app/extension';
import type { Modal } from '../app/modal';
import type { Segment } from '../view/segment';

/** What a card presenter may use: the host, and the one card slot of the person channel. */
export interface CardDesk {
  host: ReplHost;
  /**
   * Opens the card's modal, inert while the person types (see guardTyping). `close` is
   * idempotent; `active` says whether the card owns the keyboard now.
   */
  open(modal: Modal): { close(): void; active(): boolean };
  /**
   * Hears the answers so far of this card's questionnaire whenever another front end (the web
   * page) changes them: all of them, as the conversation records them.
   */
  onProgress?(listener: (progress: QuestionnaireProgress) => void): void;
}

/**
 * Shows one kind of request as a card in the transcript and, once the person is done, answers it
 * with `answer` (or says why there is no answer: its call fails). When the request's signal
 * aborts, the card closes, leaving nothing open, and answers nothing.
 */
export type CardPresenter<K extends PersonRequestKind> = (
  request: PersonRequest<K>,
  desk: CardDesk,
  answer: CardReply<K>,
  card: Card,
) => void;

/** Answers one shown card of kind `K`, once. */
export type CardReply<K extends PersonRequestKind> = (
  given: Extract<CardAnswer, { kind: K }> | { refused: string },
) => void;

/** The card of each kind of request the REPL answers. */
export type CardPresenters = { [K in PersonRequestKind]?: CardPresenter<K> };

/**
 * Adds a card's segment to the transcript and opens its modal until the card is settled or its
 * request's signal aborts (then `interrupted` runs first). Returns `settle`: it closes the modal,
 * stops listening for the abort and redraws the segment.
 */
export function openCardSegment(
  desk: CardDesk,
  segment: Segment,
  modal: Modal,
  signal: AbortSignal,
  interrupted: () => void,
): () => void {
  const { host } = desk;
  const settle = (): void => {
    signal.removeEventListener('abort', onAbort);
    slot.close();
    host.transcript.touch(segment);
    host.requestPaint();
  };
  const onAbort = (): void => {
    interrupted();
    settle();
  };
  host.transcript.add(segment);
  const slot = desk.open(modal);
  signal.addEventListener('abort', onAbort, { once: true });
  return settle;
}
