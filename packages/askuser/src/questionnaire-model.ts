import type { Answer, AnsweredQuestionnaire, Question, Questionnaire } from '@agent/tools';
import { wordEndAfter, wordStartBefore } from '@agent/tools/words';
import { cleanInput, stepBack, stepForward } from './draft-text';
import type {
  QuestionnaireAction,
  QuestionnaireOptions,
  QuestionnaireStatus,
} from './questionnaire-action';
import { ASK_USER_LIMITS } from './limits';
import { codePoints } from './schema';

/** The label of the last row of every question, where the person types their own answer. */
export const FREE_FORM_LABEL = 'Type your answer';

/** The row of a multi-select question that confirms the options ticked (and the text typed). */
export const DONE_LABEL = 'Done';

export type { QuestionnaireAction, QuestionnaireOptions, QuestionnaireStatus };

const EMPTY_ANSWER_HINT = 'Type an answer first, or choose an option with Up/Down';
const NOTHING_TICKED_HINT = 'Tick an option with Space, or type an answer, before Done';
const TOO_LONG_HINT = `Answers are limited to ${ASK_USER_LIMITS.maxAnswerChars} characters`;

/**
 * The questionnaire card's state (ASK_USER.md sections 5 and 9). One question is on screen; its
 * rows are the options, for a multi-select question a `Done` row, then the free-form row. The
 * first option is selected when a question appears (a multi-select question starts with it
 * ticked). Up/Down wrap around all rows. Printable input, digits included, selects the free-form
 * row and edits that question's draft, which survives moving away. Enter on an option records it
 * (multi-select: toggles it, as Space does; `Done` records the ticked options in option order,
 * then the typed text); on the free-form row it starts editing, and while editing submits the
 * trimmed, non-empty draft. Back/Next (Shift+Tab/Tab, Left/Right outside a typed answer) move
 * between questions; answers given stay, are offered again and can be changed until every
 * question has one, which resolves the card. Esc resolves as cancelled with the answers of the
 * questions answered from the first on. Pure: no timers, no I/O.
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
  private readonly given: Array<Answer | undefined>;
  private readonly typed: boolean[];
  /** Per question, which options are ticked (multi-select questions). */
  private readonly ticks: boolean[][];

  constructor(
    questionnaire: Questionnaire,
    private readonly options: QuestionnaireOptions = {},
  ) {
    if (questionnaire.questions.length === 0) throw new Error('a questionnaire needs a question');
    this.questionnaire = questionnaire;
    this.drafts = questionnaire.questions.map(() => '');
    this.given = questionnaire.questions.map(() => undefined);
    this.typed = questionnaire.questions.map(() => false);
    this.ticks = questionnaire.questions.map((q) => q.options.map((_, i) => i === 0));
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

  /** Whether the question on screen takes several options. */
  get multiSelect(): boolean {
    return this.current.multiSelect === true;
  }

  /** The options of the current question, `Done` for a multi-select one, then the free-form row. */
  get rows(): string[] {
    const done = this.multiSelect ? [DONE_LABEL] : [];
    return [...this.current.options, ...done, FREE_FORM_LABEL];
  }

  get freeFormRow(): number {
    return this.rows.length - 1;
  }

  /** The `Done` row of a multi-select question; undefined for a one-answer question. */
  get doneRow(): number | undefined {
    return this.multiSelect ? this.current.options.length : undefined;
  }

  /** Whether option `row` of the current (multi-select) question is ticked. */
  ticked(row: number): boolean {
    return this.multiSelect && this.ticks[this.index]![row] === true;
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

  /** The answer question `index` has now, if any (the strip ticks it). */
  answerAt(index: number): Answer | undefined {
    return this.given[index];
  }

  /** The answers of the questions answered from the first on, up to the first without one. */
  get answers(): readonly Answer[] {
    return this.given.slice(0, this.answeredPrefix()) as Answer[];
  }

  /** `custom[i]`: answer i was typed (or includes typed text) rather than picked. */
  get custom(): readonly boolean[] {
    return this.typed.slice(0, this.answeredPrefix());
  }

  /** The outcome once answered or cancelled; undefined while active. */
  get result(): AnsweredQuestionnaire | undefined {
    if (this.state === 'active') return undefined;
    return {
      answers: this.answers.map(copyAnswer),
      cancelled: this.state === 'cancelled',
      custom: [...this.custom],
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
    const typing = this.isEditing && this.draft !== '';
    switch (action.type) {
      case 'up':
        return this.move(-1);
      case 'down':
        return this.move(1);
      case 'enter':
        return this.enter();
      case 'escape':
        this.isEditing = false;
        this.state = 'cancelled';
        return;
      case 'back':
        return this.go(this.index - 1);
      case 'next':
        return this.go(this.index + 1);
      case 'space':
        if (this.multiSelect && this.row < this.current.options.length) return this.toggle();
        return this.insert(' ');
      case 'insert':
        return this.insert(action.text);
      case 'backspace':
        return this.erase(-1);
      case 'delete':
        return this.erase(0);
      case 'left':
        if (typing) this.caret = stepBack(this.draft, this.caret);
        else this.go(this.index - 1);
        return;
      case 'right':
        if (typing) this.caret = stepForward(this.draft, this.caret);
        else this.go(this.index + 1);
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
    const options = this.current.options;
    if (this.row < options.length) {
      if (this.multiSelect) this.toggle();
      else this.record(options[this.row]!, false);
      return;
    }
    if (this.row === this.doneRow) return this.confirmTicked();
    if (!this.isEditing) return this.startEditing();
    if (this.multiSelect) return this.confirmTicked();
    const answer = this.draft.trim();
    if (answer.length === 0) {
      this.notice = EMPTY_ANSWER_HINT;
      return;
    }
    this.record(answer, true);
  }

  private toggle(): void {
    const ticks = this.ticks[this.index]!;
    ticks[this.row] = !ticks[this.row];
  }

  /** A multi-select question's answer: the ticked options in option order, then the text. */
  private confirmTicked(): void {
    const chosen = this.current.options.filter((_, i) => this.ticks[this.index]![i]);
    const text = this.draft.trim();
    if (text !== '') chosen.push(text);
    if (chosen.length === 0) {
      this.notice = NOTHING_TICKED_HINT;
      return;
    }
    this.record(chosen, text !== '');
  }

  private insert(raw: string): void {
    const text = cleanInput(raw);
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

  /** Shows question `target` (out of range: nothing), its answer offered again if it has one. */
  private go(target: number): void {
    if (target < 0 || target >= this.total || target === this.index) return;
    this.index = target;
    this.isEditing = false;
    this.caret = 0;
    const answer = this.given[target];
    if (answer !== undefined) this.offer(answer, this.typed[target]!);
    else this.row = this.draft !== '' ? this.freeFormRow : 0;
  }

  /** Puts `answer` (given before) back on the current question: its options, or its text. */
  private offer(answer: Answer, typed: boolean): void {
    const options = this.current.options;
    if (typeof answer !== 'string') {
      this.ticks[this.index] = options.map((option) => answer.includes(option));
      const text = answer.find((entry) => !options.includes(entry));
      if (text !== undefined) this.drafts[this.index] = text;
      this.row = 0;
      this.isEditing = false;
    } else if (typed) {
      this.drafts[this.index] = answer;
      this.row = this.freeFormRow;
      this.isEditing = true;
      this.caret = answer.length;
    } else {
      this.row = Math.max(0, options.indexOf(answer));
      this.isEditing = false;
      this.caret = 0;
    }
  }

  private startEditing(): void {
    this.row = this.freeFormRow;
    this.isEditing = true;
    this.caret = this.draft.length;
  }

  private record(answer: Answer, custom: boolean): void {
    const problem =
      typeof answer === 'string' ? this.options.check?.(this.index, answer, custom) : undefined;
    if (problem !== undefined) {
      this.notice = problem;
      return;
    }
    this.given[this.index] = answer;
    this.typed[this.index] = custom;
    this.isEditing = false;
    const open = this.given.findIndex((given) => given === undefined);
    const last = this.index + 1 >= this.total;
    if (open === -1 && (last || this.options.review !== true)) {
      this.state = 'answered';
      return;
    }
    this.go(!last ? this.index + 1 : open);
  }

  private resumeFrom(answered: NonNullable<QuestionnaireOptions['answered']>): void {
    const count = Math.min(answered.answers.length, this.total);
    for (let i = 0; i < count; i++) {
      const answer = answered.answers[i]!;
      const question = this.questionnaire.questions[i]!;
      this.given[i] = copyAnswer(answer);
      this.typed[i] =
        answered.custom[i] ??
        (typeof answer === 'string' ? !question.options.includes(answer) : false);
      if (this.typed[i] && typeof answer === 'string') this.drafts[i] = answer;
    }
    const open = this.given.findIndex((given) => given === undefined);
    const start = this.options.review === true ? 0 : open === -1 ? this.total - 1 : open;
    this.index = -1;
    this.go(start);
  }

  private answeredPrefix(): number {
    const open = this.given.findIndex((given) => given === undefined);
    return open === -1 ? this.total : open;
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
      this.ticks[this.index],
      this.given,
    ]);
  }
}

function copyAnswer(answer: Answer): Answer {
  return typeof answer === 'string' ? answer : [...answer];
}
