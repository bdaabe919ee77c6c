import type {
  Answer,
  AnsweredQuestionnaire,
  LaterAnswer,
  Question,
  Questionnaire,
} from '@agent/tool-contract';
import { fitAnswerLimit, tickedAnswer, typedAnswer, type Checked } from './answer-checks';
import { AnswerDrafts } from './answer-drafts';
import { AnswerSheet } from './answer-sheet';
import { cleanInput } from './draft-text';
import type {
  QuestionnaireAction,
  QuestionnaireOptions,
  QuestionnaireStatus,
} from './questionnaire-action';
import { doneRowOf, freeFormRowOf, questionRows } from './question-rows';

export { DONE_LABEL, FREE_FORM_LABEL } from './question-rows';
export type { QuestionnaireAction, QuestionnaireOptions, QuestionnaireStatus };

/**
 * The questionnaire card's state, for any front end to show. One question is on screen; its
 * rows are the options, for a multi-select question a `Done` row, then the free-form row. The
 * first option is selected when a question appears (a multi-select question starts with it
 * ticked). Up/Down wrap around all rows. Printable input, digits included, selects the free-form
 * row and edits that question's draft, which survives moving away. Enter on an option records it
 * (multi-select: toggles it, as Space does; `Done` records the ticked options in option order,
 * then the typed text); on the free-form row it starts editing, and while editing submits the
 * trimmed, non-empty draft. Back/Next (Shift+Tab/Tab, Left/Right outside a typed answer) move
 * between questions; answers given stay, are offered again and can be changed until every
 * question has one, which resolves the card. Esc resolves as cancelled with every answer given (those
 * after a question without one in `later`). Pure: no timers, no I/O.
 *
 * The answers live in an `AnswerSheet`, the typed drafts in `AnswerDrafts`, what may be recorded
 * is decided in `answer-checks`; this class maps each action onto them and moves between rows and
 * questions.
 */
export class QuestionnaireModel {
  readonly questionnaire: Questionnaire;
  private index = 0;
  private row = 0;
  private isEditing = false;
  private notice: string | undefined;
  private state: QuestionnaireStatus = 'active';
  private readonly sheet: AnswerSheet;
  private readonly drafts: AnswerDrafts;
  private readonly presetShown = new Set<number>();

  constructor(
    questionnaire: Questionnaire,
    private readonly options: QuestionnaireOptions = {},
  ) {
    if (questionnaire.questions.length === 0) throw new Error('a questionnaire needs a question');
    this.questionnaire = questionnaire;
    this.sheet = new AnswerSheet(questionnaire.questions);
    this.drafts = new AnswerDrafts(questionnaire.questions.length);
    if (options.answered) this.resumeFrom(options.answered);
    else if (this.presetFor(0)) {
      this.index = -1;
      this.go(0);
    }
  }

  /** The kept decision preselected on question `index` (see `preset`), if any. */
  presetFor(index: number): { answer: Answer; decidedAt?: string } | undefined {
    return this.options.preset?.find((entry) => entry.question === index);
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
    return questionRows(this.current);
  }

  get freeFormRow(): number {
    return freeFormRowOf(this.current);
  }

  /** The `Done` row of a multi-select question; undefined for a one-answer question. */
  get doneRow(): number | undefined {
    return doneRowOf(this.current);
  }

  /** Whether option `row` of the current (multi-select) question is ticked. */
  ticked(row: number): boolean {
    return this.multiSelect && this.sheet.ticksOf(this.index)[row] === true;
  }

  get selected(): number {
    return this.row;
  }

  get editing(): boolean {
    return this.isEditing;
  }

  /** The current question's typed draft. */
  get draft(): string {
    return this.drafts.text(this.index);
  }

  /** Caret position inside the draft, in UTF-16 units. */
  get cursor(): number {
    return this.drafts.caret;
  }

  /** A message for the person about their last key, such as a refused empty answer. */
  get hint(): string | undefined {
    return this.notice;
  }

  /** The answer question `index` has now, if any (the strip ticks it). */
  answerAt(index: number): Answer | undefined {
    return this.sheet.answerAt(index);
  }

  /** The answers of the questions answered from the first on, up to the first without one. */
  get answers(): readonly Answer[] {
    return this.sheet.answers;
  }

  /** `custom[i]`: answer i was typed (or includes typed text) rather than picked. */
  get custom(): readonly boolean[] {
    return this.sheet.custom;
  }

  /** The answers given out of order, after the first question without one. */
  get later(): LaterAnswer[] {
    return this.sheet.later;
  }

  /** The outcome once answered or cancelled; undefined while active. */
  get result(): AnsweredQuestionnaire | undefined {
    if (this.state === 'active') return undefined;
    return this.sheet.result(this.state === 'cancelled');
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
        if (this.multiSelect && this.row < this.current.options.length) {
          return this.sheet.toggle(this.index, this.row);
        }
        return this.insert(' ');
      case 'insert':
        return this.insert(action.text);
      case 'backspace':
        return this.erase(-1);
      case 'delete':
        return this.erase(0);
      case 'left':
        if (typing) this.drafts.caretBy(this.index, 'back');
        else this.go(this.index - 1);
        return;
      case 'right':
        if (typing) this.drafts.caretBy(this.index, 'forward');
        else this.go(this.index + 1);
        return;
      case 'home':
        if (this.isEditing) this.drafts.caretTo(this.index, 'start');
        return;
      case 'end':
        if (this.isEditing) this.drafts.caretTo(this.index, 'end');
        return;
      case 'word-left':
        if (this.isEditing) this.drafts.caretBy(this.index, 'word-back');
        return;
      case 'word-right':
        if (this.isEditing) this.drafts.caretBy(this.index, 'word-forward');
        return;
      case 'erase-word':
        return this.eraseTo(this.drafts.wordStart(this.index));
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
      if (this.multiSelect) this.sheet.toggle(this.index, this.row);
      else this.record(options[this.row]!, false);
      return;
    }
    if (this.row === this.doneRow) return this.confirmTicked();
    if (!this.isEditing) return this.startEditing();
    if (this.multiSelect) return this.confirmTicked();
    const typed = this.refusedOr(typedAnswer(this.draft));
    if (typed !== undefined) this.record(typed, true);
  }

  private confirmTicked(): void {
    const ticked = this.refusedOr(
      tickedAnswer(this.current.options, this.sheet.ticksOf(this.index), this.draft),
    );
    if (ticked !== undefined) this.record(ticked.chosen, ticked.typed);
  }

  /** The checked answer, or undefined with its hint shown. */
  private refusedOr<T>(checked: Checked<T>): T | undefined {
    if ('hint' in checked) {
      this.notice = checked.hint;
      return undefined;
    }
    return checked.answer;
  }

  private insert(raw: string): void {
    const text = cleanInput(raw);
    if (text.length === 0) return;
    if (!this.isEditing || this.row !== this.freeFormRow) this.startEditing();
    const { piece, hint } = fitAnswerLimit(this.draft, text);
    if (hint !== undefined) this.notice = hint;
    this.drafts.insert(this.index, piece);
  }

  /** Erases the draft between the caret and `to`, while editing. */
  private eraseTo(to: number): void {
    if (this.isEditing) this.drafts.eraseTo(this.index, to);
  }

  private erase(direction: -1 | 0): void {
    if (this.row !== this.freeFormRow) return;
    if (!this.isEditing) this.startEditing();
    this.drafts.erase(this.index, direction);
  }

  /** Shows question `target` (out of range: nothing), its answer offered again if it has one. */
  private go(target: number): void {
    if (target < 0 || target >= this.total || target === this.index) return;
    this.index = target;
    this.isEditing = false;
    this.drafts.caretTo(target, 'start');
    const answer = this.sheet.answerAt(target);
    // A kept decision is preselected the first time its question shows, not over later changes.
    const kept = this.presetShown.has(target) ? undefined : this.presetFor(target)?.answer;
    this.presetShown.add(target);
    if (answer !== undefined) this.offer(answer, this.sheet.typedAt(target));
    else if (this.draft !== '') this.row = this.freeFormRow;
    else if (kept !== undefined)
      this.offer(kept, typeof kept === 'string' && !this.current.options.includes(kept));
    else this.row = 0;
  }

  /** Puts `answer` (given before) back on the current question: its options, or its text. */
  private offer(answer: Answer, typed: boolean): void {
    const options = this.current.options;
    if (typeof answer !== 'string') {
      this.sheet.tickFrom(this.index, answer);
      const text = answer.find((entry) => !options.includes(entry));
      if (text !== undefined) this.drafts.set(this.index, text);
      this.row = 0;
      this.isEditing = false;
    } else if (typed) {
      this.drafts.set(this.index, answer);
      this.row = this.freeFormRow;
      this.isEditing = true;
      this.drafts.caretTo(this.index, 'end');
    } else {
      this.row = Math.max(0, options.indexOf(answer));
      this.isEditing = false;
      this.drafts.caretTo(this.index, 'start');
    }
  }

  private startEditing(): void {
    this.row = this.freeFormRow;
    this.isEditing = true;
    this.drafts.caretTo(this.index, 'end');
  }

  private record(answer: Answer, custom: boolean): void {
    const problem =
      typeof answer === 'string' ? this.options.check?.(this.index, answer, custom) : undefined;
    if (problem !== undefined) {
      this.notice = problem;
      return;
    }
    this.sheet.record(this.index, answer, custom);
    this.isEditing = false;
    const open = this.sheet.firstOpen();
    const last = this.index + 1 >= this.total;
    if (open === -1 && (last || this.options.review !== true)) {
      this.state = 'answered';
      return;
    }
    this.go(!last ? this.index + 1 : open);
  }

  private resumeFrom(answered: NonNullable<QuestionnaireOptions['answered']>): void {
    this.sheet.restore(answered);
    for (let i = 0; i < this.total; i++) {
      const answer = this.sheet.answerAt(i);
      if (this.sheet.typedAt(i) && typeof answer === 'string') this.drafts.set(i, answer);
    }
    const open = this.sheet.firstOpen();
    const start = this.options.review === true ? 0 : open === -1 ? this.total - 1 : open;
    this.index = -1;
    this.go(start);
  }

  private snapshot(): string {
    return JSON.stringify([
      this.index,
      this.row,
      this.isEditing,
      this.drafts.caret,
      this.notice,
      this.state,
      this.draft,
      this.sheet.ticksOf(this.index),
      this.sheet.all,
    ]);
  }
}
