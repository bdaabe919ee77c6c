import { nextGraphemeLength, previousGraphemeLength } from '../text/width';
import { wordEndAfter, wordStartBefore } from '@agent/tools/words';
import { sanitize } from '../text/sanitize';
import { expandPastes, PastedTexts } from './pasted-texts';
import { layoutInput, offsetAt, type InputLayout } from './input-layout';

export type { InputLayout } from './input-layout';
import { isNewlineKey, isSubmitKey, printable, type Key } from './key';

/** A prompt as history keeps it: as typed, with the large pastes its placeholders stand for. */
interface Remembered {
  text: string;
  pasted: ReadonlyMap<string, string>;
}

const NO_PASTES: ReadonlyMap<string, string> = new Map();

export type InputResult =
  /** `display`: the prompt as typed, large pastes as their placeholders (when it had any). */
  { type: 'submit'; text: string; display?: string } | { type: 'changed' } | { type: 'ignored' };

/**
 * The prompt editor: multi-line text with a cursor, history recall and paste. Enter submits;
 * Ctrl+J, Alt+Enter and Shift+Enter (where the terminal sends it apart from Enter) insert a
 * newline; pasted newlines are text, never Enter.
 */
export class InputState {
  text = '';
  cursor = 0;
  /** Large pastes shown as placeholders until the prompt is sent. */
  readonly pasted = new PastedTexts();
  /** Called with each prompt sent, for the persistent history. */
  onRemember: (text: string) => void = () => undefined;
  private readonly history: Remembered[] = [];
  private historyIndex = -1;
  private draft: Remembered = { text: '', pasted: NO_PASTES };
  /** The width the prompt was last drawn at (none yet: lines are not wrapped). */
  private shownWidth = Infinity;

  handleKey(key: Key): InputResult {
    if (isNewlineKey(key)) return this.insert('\n');
    if (isSubmitKey(key)) {
      const text = this.pasted.expand(this.text);
      if (text.trim() === '') return { type: 'ignored' };
      const typed = this.text;
      this.remember(text, { text: typed, pasted: this.pasted.heldIn(typed) });
      this.clear();
      return typed === text ? { type: 'submit', text } : { type: 'submit', text, display: typed };
    }
    switch (key.full ?? key.name) {
      case 'left':
      case 'C-b':
        return this.move(this.cursor - this.unitBefore());
      case 'right':
      case 'C-f':
        return this.move(this.cursor + this.unitAfter());
      case 'home':
      case 'C-a':
        return this.move(this.text.lastIndexOf('\n', this.cursor - 1) + 1);
      case 'end':
      case 'C-e': {
        const end = this.text.indexOf('\n', this.cursor);
        return this.move(end < 0 ? this.text.length : end);
      }
      case 'backspace':
        return this.deleteRange(this.cursor - this.unitBefore(), this.cursor);
      case 'delete':
      case 'C-d':
        return this.deleteRange(this.cursor, this.cursor + this.unitAfter());
      case 'C-u':
        return this.deleteRange(this.text.lastIndexOf('\n', this.cursor - 1) + 1, this.cursor);
      case 'C-k': {
        const end = this.text.indexOf('\n', this.cursor);
        return this.deleteRange(this.cursor, end < 0 ? this.text.length : end);
      }
      case 'C-w':
      case 'M-backspace': {
        const label = this.pasted.endingAt(this.text, this.cursor);
        if (label > 0) return this.deleteRange(this.cursor - label, this.cursor);
        return this.deleteRange(wordStartBefore(this.text, this.cursor), this.cursor);
      }
      case 'C-left':
      case 'M-left':
      case 'M-b':
        return this.move(wordStartBefore(this.text, this.cursor));
      case 'C-right':
      case 'M-right':
      case 'M-f':
        return this.move(wordEndAfter(this.text, this.cursor));
      case 'M-d':
        return this.deleteRange(this.cursor, wordEndAfter(this.text, this.cursor));
      case 'up':
        return this.vertical(-1);
      case 'down':
        return this.vertical(1);
    }
    const ch = printable(key);
    return ch === undefined ? { type: 'ignored' } : this.insert(ch);
  }

  /**
   * Inserts pasted text, its newlines as text (line endings normalised) and terminal escapes,
   * other control characters and bidi overrides taken out (see sanitize); never submits. A large paste shows as a
   * placeholder (`[Pasted text #1 +60 lines]`) and is sent whole.
   */
  paste(text: string): InputResult {
    const clean = sanitize(text);
    if (clean === '') return { type: 'ignored' };
    return this.insert(this.pasted.add(clean) ?? clean);
  }

  /** Earlier prompts (a resumed session's), oldest first, before anything typed here. */
  seedHistory(texts: readonly string[]): void {
    const seeded = texts
      .filter((t) => t.trim() !== '')
      .map((text) => ({ text, pasted: NO_PASTES }));
    const all = [...seeded, ...this.history];
    // A prompt seen twice (saved history and a resumed session) is recalled once, at its latest.
    const sent = all.map(expanded);
    const kept = all.filter((_, i) => sent.lastIndexOf(sent[i]!) === i).slice(-500);
    this.history.splice(0, this.history.length, ...kept);
  }

  setText(text: string): void {
    this.text = text;
    this.cursor = text.length;
  }

  /** Clears the prompt unsent, keeping its text in this run's history (Up brings it back). */
  setAside(): void {
    this.keep({ text: this.text, pasted: this.pasted.heldIn(this.text) });
    this.clear();
  }

  clear(): void {
    this.text = '';
    this.cursor = 0;
    this.pasted.clear();
    this.historyIndex = -1;
    this.draft = { text: '', pasted: NO_PASTES };
  }

  get isEmpty(): boolean {
    return this.text === '';
  }

  /** A history entry is shown as recalled, not edited since: Up/Down keep walking the history. */
  get browsingHistory(): boolean {
    return this.historyIndex >= 0 && this.text === this.history[this.historyIndex]!.text;
  }

  /**
   * Wraps the text to `width` cells (hard wrap), placing the cursor. The width is kept: Up and
   * Down move between the rows as last drawn.
   */
  layout(width: number): InputLayout {
    this.shownWidth = Math.max(1, width);
    return layoutInput(this.text, this.cursor, this.shownWidth);
  }

  /** UTF-16 units of the cluster, or placeholder, before the cursor. */
  private unitBefore(): number {
    return (
      this.pasted.endingAt(this.text, this.cursor) || previousGraphemeLength(this.text, this.cursor)
    );
  }

  /** UTF-16 units of the cluster, or placeholder, after the cursor. */
  private unitAfter(): number {
    return (
      this.pasted.startingAt(this.text, this.cursor) || nextGraphemeLength(this.text, this.cursor)
    );
  }

  /** Keeps a prompt sent as `text` (typed as `typed`) for the history. */
  private remember(text: string, typed: Remembered): void {
    this.onRemember(text);
    this.keep(typed);
  }

  /** Adds `typed` to this run's history, unless it repeats the last entry. */
  private keep(typed: Remembered): void {
    const last = this.history[this.history.length - 1];
    if (!last || expanded(last) !== expanded(typed)) this.history.push(typed);
    if (this.history.length > 500) this.history.shift();
  }

  /**
   * Up/Down: to the row above or below as drawn (a wrapped line's rows too), at the same column;
   * from the first row up, or the last row down, through the history.
   */
  private vertical(direction: -1 | 1): InputResult {
    const layout = layoutInput(this.text, this.cursor, this.shownWidth);
    // A pasted text's placeholder is passed whole: going up the caret stops at its start, down
    // at its end; a row the placeholder fills is skipped.
    for (
      let row = layout.cursorRow + direction;
      row >= 0 && row < layout.rows.length;
      row += direction
    ) {
      const at = offsetAt(this.text, layout, row, layout.cursorCol);
      const to = this.pasted.outside(this.text, at, direction < 0);
      if (to !== this.cursor && (direction < 0 ? to < this.cursor : to > this.cursor)) {
        this.cursor = to;
        return { type: 'changed' };
      }
    }
    return this.recall(direction);
  }

  private recall(direction: -1 | 1): InputResult {
    if (this.history.length === 0) return { type: 'ignored' };
    if (direction < 0) {
      if (this.historyIndex === 0) return { type: 'ignored' };
      if (this.historyIndex < 0) {
        this.draft = { text: this.text, pasted: this.pasted.heldIn(this.text) };
        this.historyIndex = this.history.length - 1;
      } else this.historyIndex--;
      this.show(this.history[this.historyIndex]!);
      return { type: 'changed' };
    }
    if (this.historyIndex < 0) return { type: 'ignored' };
    if (this.historyIndex < this.history.length - 1) {
      this.historyIndex++;
      this.show(this.history[this.historyIndex]!);
    } else {
      this.historyIndex = -1;
      this.show(this.draft);
    }
    return { type: 'changed' };
  }

  /** A recalled prompt (or the draft) in the editor, its placeholders standing for their pastes. */
  private show(prompt: Remembered): void {
    this.pasted.restore(prompt.pasted);
    this.setText(prompt.text);
  }

  private insert(text: string): InputResult {
    this.cursor = this.pasted.outside(this.text, this.cursor);
    this.text = this.text.slice(0, this.cursor) + text + this.text.slice(this.cursor);
    this.cursor += text.length;
    return { type: 'changed' };
  }

  private move(to: number): InputResult {
    const at = Math.max(0, Math.min(this.text.length, to));
    const next = this.pasted.outside(this.text, at, at < this.cursor);
    if (next === this.cursor) return { type: 'ignored' };
    this.cursor = next;
    return { type: 'changed' };
  }

  /** Deletes `start`..`end`, widened to take a paste placeholder it cuts into whole. */
  private deleteRange(start: number, end: number): InputResult {
    const from = this.pasted.outside(this.text, Math.max(0, start), true);
    const to = this.pasted.outside(this.text, end);
    if (to <= from) return { type: 'ignored' };
    this.text = this.text.slice(0, from) + this.text.slice(to);
    this.cursor = from;
    return { type: 'changed' };
  }
}

/** What a remembered prompt sends. */
function expanded(prompt: Remembered): string {
  return expandPastes(prompt.text, prompt.pasted);
}
