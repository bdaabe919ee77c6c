import type { Answer, AnsweredQuestionnaire, Question } from '@agent/tool-contract';
import type { QuestionnaireOptions } from './questionnaire-action';

type EarlierAnswers = NonNullable<QuestionnaireOptions['answered']>;

/**
 * The answers of one questionnaire as the person gives them: per question the answer (if any),
 * whether it was typed rather than picked, and which options of a multi-select question are
 * ticked. Questions answered from the first on, up to the first without an answer, are what a
 * cancelled card keeps.
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
    for (let i = 0; i < count; i++) {
      const answer = earlier.answers[i]!;
      this.given[i] = copyAnswer(answer);
      this.typed[i] =
        earlier.custom[i] ??
        (typeof answer === 'string' ? !this.questions[i]!.options.includes(answer) : false);
    }
  }

  /** The outcome of the card: the answered prefix, copied. */
  result(cancelled: boolean): AnsweredQuestionnaire {
    return { answers: this.answers.map(copyAnswer), cancelled, custom: [...this.custom] };
  }

  private answeredPrefix(): number {
    const open = this.firstOpen();
    return open === -1 ? this.questions.length : open;
  }
}

function copyAnswer(answer: Answer): Answer {
  return typeof answer === 'string' ? answer : [...answer];
}
