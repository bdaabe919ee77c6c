import type { Key } from '../input/key';

/**
 * Extension point: a card that owns the keyboard (a permission card, the questionnaire card).
 * While a modal is active it alone receives keys and pastes: no prompt submission, slash
 * commands, suggestions, queued input or stream-level Esc. Only Ctrl+C (interrupt the turn) and
 * transcript scrolling (unless the modal takes PgUp/PgDn) still act. Modals opened while another is active wait their turn.
 */
export interface Modal {
  handleKey(key: Key): void;
  handlePaste?(text: string): void;
  /** Whether PgUp/PgDn are the modal's now (it scrolls something of its own). */
  handlesPaging?(): boolean;
  /** A short hint for the status line, e.g. "Enter approves · Esc denies". */
  hint?: string;
  /**
   * PageUp (-1) / PageDown (1): true when the modal scrolled something of its own (a tall
   * question inside its card); false lets the transcript scroll.
   */
  handlePage?(direction: -1 | 1): boolean;
  /**
   * Ctrl+C: close as cancelled. A card that no turn's interrupt ends (an MCP server's question
   * asked between turns) must end here; a no-op once the card has settled.
   */
  cancel?(): void;
  /**
   * Whether typing still goes to the prompt (a card that opened while the person was typing,
   * until a deliberate key): the prompt then shows its text, not the "answer the card" line.
   */
  typesIntoPrompt?(): boolean;
  /**
   * `key` means nothing to the card (a letter that is none of its choices): the person is typing
   * something else, which goes to the prompt from here on, with what they typed on the card just
   * before it (see guardTyping).
   */
  strayKey?(key: Key): boolean;
  /**
   * The card as it is now; the returned function puts it back. What the letters of a sentence did
   * on the card before a stray key showed them to be one is taken back to it (see guardTyping).
   */
  snapshot?(): () => void;
  /** Text the person may edit in their editor (Ctrl+G): the plan of a plan card. */
  editable?: EditableText;
  /**
   * Shift+Tab is the card's own (a questionnaire: the previous question, beside Tab for the next,
   * ASK_USER.md §9); on every other card it cycles the mode.
   */
  ownsShiftTab?: boolean;
}

/** What Ctrl+G opens in `$VISUAL` / `$EDITOR`, and where the saved text goes. */
export interface EditableText {
  /** Its name in notes and the temporary file's, e.g. `prompt`, `plan`. */
  what: string;
  text(): string;
  replace(text: string): void;
}

/** The one "active modal" slot of the key routing, with a FIFO of waiting modals. */
export class ModalSlot {
  private readonly queue: Modal[] = [];
  private readonly listeners = new Set<() => void>();

  get active(): Modal | undefined {
    return this.queue[0];
  }

  /** Queues `modal`; the returned function closes it (idempotent). */
  open(modal: Modal): () => void {
    this.queue.push(modal);
    this.changed();
    return () => {
      const index = this.queue.indexOf(modal);
      if (index < 0) return;
      this.queue.splice(index, 1);
      this.changed();
    };
  }

  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private changed(): void {
    for (const listener of this.listeners) listener();
  }
}
