import {
  givenAnswers,
  type Answer,
  type AnsweredQuestionnaire,
  type LaterAnswer,
  type Question,
  type QuestionnaireProgress,
} from '@agent/tool-contract';
import type { QuestionnaireOptions } from './questionnaire-action';

/** The answers a card was offered again with (see `QuestionnaireOptions.answered`). */
export type EarlierAnswers = NonNullable<QuestionnaireOptions['answered']>;

/**
 * The answers of one questionnaire as the person gives them: per question the answer (if any),
 * whether it was typed rather than picked, and which options of a multi-select question are
 * ticked. A cancelled or interrupted card keeps every answer given: those of the questions
 * answered from the first on, up to the first without an answer, and the later ones (given out of
 * order, through the strip) beside them.
 */
export class AnswerSheet {
  private readonly given: Array<Answer | undefined>;
  private readonly typed: boolean[];
  private readonly ticks: boolean[][];

  constructor(private readonly questions: readonly Question[]) {
    this.given = questions.map(() => undefined);
    this.typed = questions.map(() => false);
    // A multi-select question starts with its first option ticked.
    this.ticks = questions.map((q) => q.options.map((_, i) => i === 0));
  }

  answerAt(index: number): Answer | undefined {
    return this.given[index];
  }

  typedAt(index: number): boolean {
    return this.typed[index]!;
  }

  /** Every question's answer so far, holes included (for change detection). */
  get all(): ReadonlyArray<Answer | undefined> {
    return this.given;
  }

  record(index: number, answer: Answer, typed: boolean): void {
    this.given[index] = answer;
    this.typed[index] = typed;
  }

  /** The first question without an answer; -1 when every question has one. */
  firstOpen(): number {
    return this.given.findIndex((given) => given === undefined);
  }

  /** The answers of the questions answered from the first on, up to the first without one. */
  get answers(): readonly Answer[] {
    return this.given.slice(0, this.answeredPrefix()) as Answer[];
  }

  /** `custom[i]`: answer i was typed (or includes typed text) rather than picked. */
  get custom(): readonly boolean[] {
    return this.typed.slice(0, this.answeredPrefix());
  }

  /** The answers after the first question without one (given out of order), copied. */
  get later(): LaterAnswer[] {
    const from = this.answeredPrefix();
    const later: LaterAnswer[] = [];
    for (let i = from + 1; i < this.questions.length; i++) {
      const answer = this.given[i];
      if (answer !== undefined) {
        later.push({ question: i, answer: copyAnswer(answer), custom: this.typed[i]! });
      }
    }
    return later;
  }

  ticksOf(index: number): readonly boolean[] {
    return this.ticks[index]!;
  }

  toggle(index: number, row: number): void {
    const ticks = this.ticks[index]!;
    ticks[row] = !ticks[row];
  }

  /** Ticks exactly the options a multi-select answer given before holds. */
  tickFrom(index: number, answer: readonly string[]): void {
    this.ticks[index] = this.questions[index]!.options.map((option) => answer.includes(option));
  }

  /** Fills in answers given before; an answer not marked either way is typed if no option matches. */
  restore(earlier: EarlierAnswers): void {
    const count = Math.min(earlier.answers.length, this.questions.length);
    for (let i = 0; i < count; i++) this.fill(i, earlier.answers[i]!, earlier.custom[i]);
    for (const entry of earlier.later ?? []) {
      if (entry.question >= 0 && entry.question < this.questions.length) {
        this.fill(entry.question, entry.answer, entry.custom);
      }
    }
  }

  /**
   * Takes in the answers `progress` holds (given on another front end) where they differ from
   * these; a question without an answer there keeps its own. Returns the questions changed.
   */
  adopt(progress: QuestionnaireProgress): number[] {
    const changed: number[] = [];
    givenAnswers(progress, this.questions.length).forEach((entry, i) => {
      if (entry === undefined) return;
      const same =
        JSON.stringify(this.given[i]) === JSON.stringify(entry.answer) &&
        this.typed[i] === entry.custom;
      if (same) return;
      this.fill(i, entry.answer, entry.custom);
      changed.push(i);
    });
    return changed;
  }

  /** The outcome of the card: the answered prefix and the later answers, copied. */
  result(cancelled: boolean): AnsweredQuestionnaire {
    const later = this.later;
    return {
      answers: this.answers.map(copyAnswer),
      cancelled,
      custom: [...this.custom],
      ...(later.length > 0 ? { later } : {}),
    };
  }

  private fill(index: number, answer: Answer, custom: boolean | undefined): void {
    const options = this.questions[index]!.options;
    this.given[index] = copyAnswer(answer);
    this.typed[index] = custom ?? (typeof answer === 'string' ? !options.includes(answer) : false);
  }

  private answeredPrefix(): number {
    const open = this.firstOpen();
    return open === -1 ? this.questions.length : open;
  }
}

/** A copy of `answer` that shares no list with it. */
export function copyAnswer(answer: Answer): Answer {
  return typeof answer === 'string' ? answer : [...answer];
}
