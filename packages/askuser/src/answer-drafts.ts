import { wordEndAfter, wordStartBefore } from '@agent/tool-contract/words';
import { stepBack, stepForward } from './draft-text';

/**
 * The typed draft of every question, kept while the person moves away, and the caret inside the
 * one on screen (in UTF-16 units; surrogate pairs stay whole). Pure text editing: whether a key
 * edits at all is the questionnaire's decision.
 */
export class AnswerDrafts {
  private readonly texts: string[];
  private at = 0;

  constructor(count: number) {
    this.texts = Array.from({ length: count }, () => '');
  }

  text(index: number): string {
    return this.texts[index]!;
  }

  set(index: number, text: string): void {
    this.texts[index] = text;
  }

  get caret(): number {
    return this.at;
  }

  /** Puts the caret at the start (0) or the end of question `index`'s draft. */
  caretTo(index: number, where: 'start' | 'end'): void {
    this.at = where === 'start' ? 0 : this.text(index).length;
  }

  caretBy(index: number, step: 'back' | 'forward' | 'word-back' | 'word-forward'): void {
    const text = this.text(index);
    if (step === 'back') this.at = stepBack(text, this.at);
    else if (step === 'forward') this.at = stepForward(text, this.at);
    else if (step === 'word-back') this.at = wordStartBefore(text, this.at);
    else this.at = wordEndAfter(text, this.at);
  }

  /** Where Ctrl+W would erase back to: the start of the word before the caret. */
  wordStart(index: number): number {
    return wordStartBefore(this.text(index), this.at);
  }

  insert(index: number, piece: string): void {
    const text = this.text(index);
    this.texts[index] = text.slice(0, this.at) + piece + text.slice(this.at);
    this.at += piece.length;
  }

  /** Erases between the caret and `to`. */
  eraseTo(index: number, to: number): void {
    const [from, end] = to < this.at ? [to, this.at] : [this.at, to];
    const text = this.text(index);
    this.texts[index] = text.slice(0, from) + text.slice(end);
    this.at = from;
  }

  /** Backspace (-1) or Delete (0): one character. */
  erase(index: number, direction: -1 | 0): void {
    const text = this.text(index);
    if (direction === -1) this.eraseTo(index, stepBack(text, this.at));
    else this.eraseTo(index, stepForward(text, this.at));
  }
}
