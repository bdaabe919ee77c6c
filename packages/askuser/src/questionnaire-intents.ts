import type { Answer, Questionnaire, QuestionnaireProgress } from '@agent/tool-contract';
import { fitAnswerLimit, tickedAnswer, typedAnswer, type Checked } from './answer-checks';
import { cleanInput } from './draft-text';
import { IntentChanges } from './intent-changes';
import { checkQuestionIndex, optionIndex } from './intent-checks';
import type { QuestionnaireOptions } from './questionnaire-action';
import { QuestionnaireState } from './questionnaire-state';

/**
 * A questionnaire being answered, for any front end: one question is on screen, the answers given
 * so far (in order or out of order, changeable until every question has one, which resolves it),
 * and the intents that give them (select, toggle, type, submit, next, back, jump, cancel). The
 * question on screen has rows: its options, for a multi-select question a `Done` row, then the
 * free-form row; the first option is selected when a question appears (a multi-select question
 * starts with it ticked), and an answer given before is offered again. Pure: no timers, no I/O.
 *
 * What a front end reads of the card (the question on screen, its rows, the answers) is
 * `QuestionnaireState`'s; running a change and reporting progress is `IntentChanges`', what may be
 * recorded is decided in `answer-checks`. `QuestionnaireModel` adds the keys of a card on
 * top.
 */
export class QuestionnaireIntents extends QuestionnaireState {
  /** Runs each intent as one change of an active card, saying whether anything changed. */
  private readonly changes: IntentChanges;

  constructor(
    questionnaire: Questionnaire,
    private readonly options: QuestionnaireOptions = {},
  ) {
    super(questionnaire, options.preset);
    this.changes = new IntentChanges(this, this.sheet, {
      clearHint: () => (this.notice = undefined),
      onProgress: (progress) => this.options.onProgress?.(progress),
    });
    if (options.answered) this.resumeFrom(options.answered);
    else if (this.presetFor(0)) {
      this.index = -1;
      this.go(0);
    }
  }

  /** Runs a subclass's own intent as one change (see `changes`); false on a resolved card. */
  protected change(act: () => void): boolean {
    return this.changes.run(act);
  }

  // The intents: what a person means, for any front end (keys, an editor's form, a web page).
  // Questions are zero-based indices, options their exact strings; an intent naming no such
  // question or option, or the wrong kind for its question, throws a QuestionnaireIntentError
  // before anything changes. Each returns whether it changed anything; on a resolved card
  // nothing changes (the first of two front ends to answer wins).

  /** Records `option` as the answer of one-answer question `question`, then moves on. */
  select(question: number, option: string): boolean {
    const at = optionIndex(this.questionnaire.questions, question, option, 'one');
    return this.changes.run(() => {
      this.show(question);
      this.row = at;
      this.isEditing = false;
      this.record(option, false);
    });
  }

  /** Ticks or unticks `option` of multi-select question `question` (`submit` confirms). */
  toggle(question: number, option: string): boolean {
    const at = optionIndex(this.questionnaire.questions, question, option, 'several');
    return this.changes.run(() => {
      this.show(question);
      this.row = at;
      this.isEditing = false;
      this.sheet.toggle(question, at);
    });
  }

  /**
   * Makes `text` question `question`'s typed answer, to be confirmed by `submit`: kept as given
   * (line breaks and tabs too; other control characters dropped, as from the keyboard); text over
   * the answer limit is refused with a hint.
   */
  type(question: number, text: string): boolean {
    checkQuestionIndex(this.questionnaire.questions, question);
    return this.changes.run(() => {
      this.show(question);
      const clean = cleanInput(text);
      const { hint } = fitAnswerLimit('', clean);
      if (hint !== undefined) {
        this.notice = hint;
        return;
      }
      this.drafts.set(question, clean);
      this.editDraft();
    });
  }

  /**
   * Confirms the question on screen: a one-answer question with its typed answer (trimmed;
   * refused when empty), a multi-select one with its ticked options in option order, then the
   * typed text unless it is one of them (refused when that is nothing). Then moves on.
   */
  submit(): boolean {
    return this.changes.run(() => {
      if (this.multiSelect) return this.confirmTicked();
      const typed = this.refusedOr(typedAnswer(this.draft));
      if (typed !== undefined) this.record(typed, true);
    });
  }

  /** The next question; on the last one nothing changes. */
  next(): boolean {
    return this.changes.run(() => this.go(this.index + 1));
  }

  /** The previous question; on the first one nothing changes. */
  back(): boolean {
    return this.changes.run(() => this.go(this.index - 1));
  }

  /** Shows question `question`, its answer offered again if it has one. */
  jump(question: number): boolean {
    checkQuestionIndex(this.questionnaire.questions, question);
    return this.changes.run(() => this.go(question));
  }

  /** Resolves as cancelled with every answer given (those after a question without one: later). */
  cancel(): boolean {
    return this.changes.run(() => {
      this.isEditing = false;
      this.state = 'cancelled';
    });
  }

  /**
   * Takes in the answers given so far on another front end (`progress`, as the conversation
   * recorded them), without reporting them back: each answer that differs from this card's is
   * filled in (a typed one as its draft, a multi-select one as its ticks). The question on
   * screen stays, unless it had no answer and got one there: then the first question still
   * without one is shown. Returns whether anything changed; a resolved card takes nothing.
   */
  adopt(progress: QuestionnaireProgress): boolean {
    if (this.state !== 'active') return false;
    const wasOpen = this.sheet.answerAt(this.index) === undefined;
    const changed = this.sheet.adopt(progress);
    if (changed.length === 0) return false;
    for (const i of changed) {
      const answer = this.sheet.answerAt(i)!;
      if (typeof answer !== 'string') this.sheet.tickFrom(i, answer);
      else if (this.sheet.typedAt(i)) this.drafts.set(i, answer);
    }
    if (!changed.includes(this.index)) return true;
    const open = this.sheet.firstOpen();
    if (wasOpen && open !== -1) this.go(open);
    else this.offer(this.sheet.answerAt(this.index)!, this.sheet.typedAt(this.index));
    return true;
  }

  /** Shows question `target` unless it is on screen already. */
  private show(target: number): void {
    if (target !== this.index) this.go(target);
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

  /** Shows question `target` (out of range: nothing), its answer offered again if it has one. */
  protected go(target: number): void {
    if (target < 0 || target >= this.total || target === this.index) return;
    this.index = target;
    this.isEditing = false;
    this.drafts.caretTo(target, 'start');
    const answer = this.sheet.answerAt(target);
    const kept = this.kept.onFirstShow(target, this.current);
    if (answer !== undefined) this.offer(answer, this.sheet.typedAt(target));
    else if (this.draft !== '') this.row = this.freeFormRow;
    else if (kept !== undefined) this.offer(kept.answer, kept.typed);
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

  protected editDraft(): void {
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
}
