import type { AnsweredQuestionnaire, Question, Questionnaire } from '@agent/tools';
import { wordEndAfter, wordStartBefore } from '@agent/tools/words';
import { ASK_USER_LIMITS } from './limits';
import { codePoints } from './schema';

/** The label of the last row of every question, where the person types their own answer. */
export const FREE_FORM_LABEL = 'Type your answer';

/** What a key press means to the questionnaire; the UI maps its key events onto these. */
export type QuestionnaireAction =
  | { type: 'up' }
  | { type: 'down' }
  /** Moves to a row as Up/Down do (the card's number keys); a row out of range does nothing. */
  | { type: 'select'; row: number }
  | { type: 'enter' }
  | { type: 'escape' }
  /** Shift+Tab: back to the previous question, its answer selected or its text editable. */
  | { type: 'back' }
  | { type: 'insert'; text: string }
  | { type: 'backspace' }
  | { type: 'delete' }
  | { type: 'left' }
  | { type: 'right' }
  | { type: 'home' }
  | { type: 'end' }
  /** Readline editing of the typed answer: by words (Alt+B/F), and to the start or end. */
  | { type: 'word-left' }
  | { type: 'word-right' }
  /** Ctrl+W: the word before the caret; Ctrl+U: all before it; Ctrl+K: all after it. */
  | { type: 'erase-word' }
  | { type: 'erase-start' }
  | { type: 'erase-end' };

export type QuestionnaireStatus = 'active' | 'answered' | 'cancelled';

export interface QuestionnaireOptions {
  /**
   * The answers given before (a questionnaire offered again after a crash): the card opens at
   * the first unanswered question with these filled in, and going back changes them. When every
   * question was answered, it opens at the last one with its answer selected.
   */
  answered?: { answers: readonly string[]; custom: readonly boolean[] };
  /**
   * Checks an answer before it is recorded (an MCP server's form: typed values against the
   * field's schema); a message refuses it and is shown as the hint.
   */
  check?(index: number, answer: string, typed: boolean): string | undefined;
}

const EMPTY_ANSWER_HINT = 'Type an answer first, or choose an option with Up/Down';
const TOO_LONG_HINT = `Answers are limited to ${ASK_USER_LIMITS.maxAnswerChars} characters`;

/**
 * The questionnaire card's state, one question at a time (ASK_USER.md section 5). Rows are the
 * question's options followed by the free-form row. The first option is selected when each
 * question appears; Up/Down wrap around all rows. Printable input selects the free-form row and
 * edits that question's draft, which survives moving away. Enter on an option records it; on the
 * free-form row it starts editing, and while editing submits the trimmed, non-empty draft. Esc
 * resolves as cancelled with the answers so far. Before the last question is answered, `back`
 * (Shift+Tab, or Left on an empty draft) returns to the previous question with its answer
 * selected (or its typed text in the draft, editing). Pure: no timers, no I/O.
 */
export class QuestionnaireModel {
  readonly questionnaire: Questionnaire;
  private index = 0;
  private row = 0;
  private isEditing = false;
  private caret = 0;
  private notice: string | undefined;
  private state: QuestionnaireStatus = 'active';
  private readonly drafts: string[];
  private readonly recorded: string[] = [];
  private readonly typed: boolean[] = [];
  /** Answers given before the person went back past them: kept on Esc, offered again. */
  private readonly earlier: Array<{ answer: string; typed: boolean } | undefined> = [];

  constructor(
    questionnaire: Questionnaire,
    private readonly options: QuestionnaireOptions = {},
  ) {
    if (questionnaire.questions.length === 0) throw new Error('a questionnaire needs a question');
    this.questionnaire = questionnaire;
    this.drafts = questionnaire.questions.map(() => '');
    if (options.answered) this.resumeFrom(options.answered);
  }

  get status(): QuestionnaireStatus {
    return this.state;
  }

  /** Zero-based index of the question on screen. */
  get questionIndex(): number {
    return this.index;
  }

  get total(): number {
    return this.questionnaire.questions.length;
  }

  get current(): Question {
    return this.questionnaire.questions[this.index]!;
  }

  /** The options of the current question, then the free-form row. */
  get rows(): string[] {
    return [...this.current.options, FREE_FORM_LABEL];
  }

  get freeFormRow(): number {
    return this.current.options.length;
  }

  get selected(): number {
    return this.row;
  }

  get editing(): boolean {
    return this.isEditing;
  }

  /** The current question's typed draft. */
  get draft(): string {
    return this.drafts[this.index]!;
  }

  /** Caret position inside the draft, in UTF-16 units. */
  get cursor(): number {
    return this.caret;
  }

  /** A message for the person about their last key, such as a refused empty answer. */
  get hint(): string | undefined {
    return this.notice;
  }

  get answers(): readonly string[] {
    return this.recorded;
  }

  /** `custom[i]`: answer i was typed rather than picked. */
  get custom(): readonly boolean[] {
    return this.typed;
  }

  /** The outcome once answered or cancelled; undefined while active. */
  get result(): AnsweredQuestionnaire | undefined {
    if (this.state === 'active') return undefined;
    return {
      answers: [...this.recorded],
      cancelled: this.state === 'cancelled',
      custom: [...this.typed],
    };
  }

  /** Applies one action. Returns false when it changed nothing (or the card is resolved). */
  dispatch(action: QuestionnaireAction): boolean {
    if (this.state !== 'active') return false;
    const before = this.snapshot();
    this.notice = undefined;
    this.apply(action);
    return this.snapshot() !== before;
  }

  private apply(action: QuestionnaireAction): void {
    switch (action.type) {
      case 'up':
        return this.move(-1);
      case 'down':
        return this.move(1);
      case 'select':
        if (Number.isInteger(action.row) && action.row >= 0 && action.row < this.rows.length) {
          this.move(action.row - this.row);
        }
        return;
      case 'enter':
        return this.enter();
      case 'escape':
        this.isEditing = false;
        this.keepEarlierAnswers();
        this.state = 'cancelled';
        return;
      case 'back':
        return this.back();
      case 'insert':
        return this.insert(action.text);
      case 'backspace':
        return this.erase(-1);
      case 'delete':
        return this.erase(0);
      case 'left':
        if (this.isEditing && this.draft !== '') this.caret = stepBack(this.draft, this.caret);
        else this.back();
        return;
      case 'right':
        if (this.isEditing) this.caret = stepForward(this.draft, this.caret);
        return;
      case 'home':
        if (this.isEditing) this.caret = 0;
        return;
      case 'end':
        if (this.isEditing) this.caret = this.draft.length;
        return;
      case 'word-left':
        if (this.isEditing) this.caret = wordStartBefore(this.draft, this.caret);
        return;
      case 'word-right':
        if (this.isEditing) this.caret = wordEndAfter(this.draft, this.caret);
        return;
      case 'erase-word':
        return this.eraseTo(wordStartBefore(this.draft, this.caret));
      case 'erase-start':
        return this.eraseTo(0);
      case 'erase-end':
        return this.eraseTo(this.draft.length);
    }
  }

  private move(delta: number): void {
    const count = this.rows.length;
    this.row = (this.row + delta + count) % count;
    this.isEditing = false;
  }

  private enter(): void {
    if (this.row !== this.freeFormRow) {
      this.record(this.current.options[this.row]!, false);
      return;
    }
    if (!this.isEditing) {
      this.startEditing();
      return;
    }
    const answer = this.draft.trim();
    if (answer.length === 0) {
      this.notice = EMPTY_ANSWER_HINT;
      return;
    }
    this.record(answer, true);
  }

  private insert(raw: string): void {
    const text = raw.replace(/\r\n|[\r\n\t]/g, ' ').replace(/[\u0000-\u001f\u007f-\u009f]/g, '');
    if (text.length === 0) return;
    if (!this.isEditing || this.row !== this.freeFormRow) this.startEditing();
    // Characters are code points, as the advertised limits count them.
    const room = ASK_USER_LIMITS.maxAnswerChars - codePoints(this.draft);
    let piece = text;
    if (codePoints(piece) > room) {
      piece = Array.from(piece).slice(0, Math.max(0, room)).join('');
      this.notice = TOO_LONG_HINT;
    }
    const draft = this.draft;
    this.drafts[this.index] = draft.slice(0, this.caret) + piece + draft.slice(this.caret);
    this.caret += piece.length;
  }

  /** Erases the draft between the caret and `to`, while editing. */
  private eraseTo(to: number): void {
    if (!this.isEditing) return;
    const [from, end] = to < this.caret ? [to, this.caret] : [this.caret, to];
    this.drafts[this.index] = this.draft.slice(0, from) + this.draft.slice(end);
    this.caret = from;
  }

  private erase(direction: -1 | 0): void {
    if (this.row !== this.freeFormRow) return;
    if (!this.isEditing) this.startEditing();
    const draft = this.draft;
    if (direction === -1) {
      const from = stepBack(draft, this.caret);
      this.drafts[this.index] = draft.slice(0, from) + draft.slice(this.caret);
      this.caret = from;
    } else {
      const to = stepForward(draft, this.caret);
      this.drafts[this.index] = draft.slice(0, this.caret) + draft.slice(to);
    }
  }

  private back(): void {
    if (this.index === 0) return;
    this.index -= 1;
    const answer = this.recorded.pop()!;
    const typed = this.typed.pop()!;
    this.earlier[this.index] = { answer, typed };
    this.offer(answer, typed);
  }

  /** Puts `answer` (given before) back on the current question: its option, or its text. */
  private offer(answer: string, typed: boolean): void {
    if (typed) {
      this.drafts[this.index] = answer;
      this.row = this.freeFormRow;
      this.isEditing = true;
      this.caret = answer.length;
    } else {
      this.row = Math.max(0, this.current.options.indexOf(answer));
      this.isEditing = false;
      this.caret = 0;
    }
  }

  private startEditing(): void {
    this.row = this.freeFormRow;
    this.isEditing = true;
    this.caret = this.draft.length;
  }

  private record(answer: string, custom: boolean): void {
    const problem = this.options.check?.(this.index, answer, custom);
    if (problem !== undefined) {
      this.notice = problem;
      return;
    }
    this.recorded.push(answer);
    this.typed.push(custom);
    this.isEditing = false;
    if (this.index + 1 >= this.total) {
      this.state = 'answered';
      return;
    }
    this.index += 1;
    this.row = 0;
    this.caret = 0;
    const earlier = this.earlier[this.index];
    if (earlier) this.offer(earlier.answer, earlier.typed);
    else if (this.draft !== '') this.row = this.freeFormRow;
  }

  private resumeFrom(answered: NonNullable<QuestionnaireOptions['answered']>): void {
    const given = Math.min(answered.answers.length, this.total);
    for (let i = 0; i < given; i++) {
      const answer = answered.answers[i]!;
      const typed =
        answered.custom[i] ?? !this.questionnaire.questions[i]!.options.includes(answer);
      this.recorded.push(answer);
      this.typed.push(typed);
      if (typed) this.drafts[i] = answer;
    }
    this.index = this.recorded.length;
    if (this.index >= this.total) this.back();
  }

  /** On Esc after going back: the answers given before still count, up to the first gap. */
  private keepEarlierAnswers(): void {
    for (let i = this.recorded.length; this.earlier[i] !== undefined; i++) {
      this.recorded.push(this.earlier[i]!.answer);
      this.typed.push(this.earlier[i]!.typed);
    }
  }

  private snapshot(): string {
    return JSON.stringify([
      this.index,
      this.row,
      this.isEditing,
      this.caret,
      this.notice,
      this.state,
      this.draft,
    ]);
  }
}

function stepBack(text: string, at: number): number {
  if (at <= 0) return 0;
  const low = text.charCodeAt(at - 1);
  if (at >= 2 && low >= 0xdc00 && low <= 0xdfff) {
    const high = text.charCodeAt(at - 2);
    if (high >= 0xd800 && high <= 0xdbff) return at - 2;
  }
  return at - 1;
}

function stepForward(text: string, at: number): number {
  if (at >= text.length) return text.length;
  const high = text.charCodeAt(at);
  if (high >= 0xd800 && high <= 0xdbff && at + 1 < text.length) {
    const low = text.charCodeAt(at + 1);
    if (low >= 0xdc00 && low <= 0xdfff) return at + 2;
  }
  return at + 1;
}
