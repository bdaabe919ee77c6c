import type {
  Answer,
  AnsweredQuestionnaire,
  LaterAnswer,
  Question,
  Questionnaire,
  QuestionnaireProgress,
} from '@agent/tool-contract';
import { AnswerDrafts } from './answer-drafts';
import { AnswerSheet, copyAnswer } from './answer-sheet';
import { KeptDecisions } from './kept-decisions';
import type { QuestionnaireOptions, QuestionnaireStatus } from './questionnaire-action';
import { doneRowOf, freeFormRowOf, questionRows } from './question-rows';

/**
 * What a questionnaire card holds and what a front end reads of it: the question on screen, its
 * rows and the selected one, the typed draft, the answers given so far (in an `AnswerSheet`, the
 * drafts in `AnswerDrafts`, the kept decisions to preselect in `KeptDecisions`). The intents that
 * change it are `QuestionnaireIntents`'.
 */
export abstract class QuestionnaireState {
  readonly questionnaire: Questionnaire;
  protected index = 0;
  protected row = 0;
  protected isEditing = false;
  protected notice: string | undefined;
  protected state: QuestionnaireStatus = 'active';
  protected readonly sheet: AnswerSheet;
  protected readonly drafts: AnswerDrafts;
  protected readonly kept: KeptDecisions;

  constructor(questionnaire: Questionnaire, preset: QuestionnaireOptions['preset']) {
    if (questionnaire.questions.length === 0) throw new Error('a questionnaire needs a question');
    this.questionnaire = questionnaire;
    this.sheet = new AnswerSheet(questionnaire.questions);
    this.drafts = new AnswerDrafts(questionnaire.questions.length);
    this.kept = new KeptDecisions(preset);
  }

  /** The kept decision preselected on question `index` (see `preset`), if any. */
  presetFor(index: number): { answer: Answer; decidedAt?: string } | undefined {
    return this.kept.for(index);
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

  /** The answers given so far, as the session records them (copied). */
  get progress(): QuestionnaireProgress {
    const later = this.later;
    return {
      answers: this.answers.map(copyAnswer),
      custom: [...this.custom],
      ...(later.length > 0 ? { later } : {}),
    };
  }
}
