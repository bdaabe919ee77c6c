import { AnsweredElsewhere, type Card, type CardClosing } from './cards';

/**
 * A viewer's own copies of the cards it shows, each closed when the table closes its card:
 * answered (here or on another front end: the copy's signal aborts with `AnsweredElsewhere`), or
 * refused by another viewer (with the reason). A card withdrawn with its request (an interrupt,
 * a mode that approved it) is closed by the request's own signal, whose reason says why.
 */
export class ShownCopies {
  private readonly copies = new Map<string, { close: AbortController; asked: AbortSignal }>();

  /** Opens the copy of `card`: its signal aborts when the request's does or the copy closes. */
  open(card: Card): AbortSignal {
    const close = new AbortController();
    const asked = card.request.signal;
    this.copies.set(card.request.id, { close, asked });
    return AbortSignal.any([asked, close.signal]);
  }

  /** Forgets the copy of card `id` (it was answered here). */
  forget(id: string): void {
    this.copies.delete(id);
  }

  /** The table closed card `id`: its copy here closes too. */
  closed(id: string, closing: CardClosing): void {
    const copy = this.copies.get(id);
    this.copies.delete(id);
    if (!copy) return;
    if (closing.how === 'answered') {
      copy.close.abort(new AnsweredElsewhere(closing.by, closing.answer));
    } else if (!copy.asked.aborted) {
      // Checked, not left to AbortSignal.any: the table may close the card from an abort
      // listener on the request's signal that runs before the copy's signal has aborted.
      copy.close.abort(new Error(closing.reason));
    }
  }
}
