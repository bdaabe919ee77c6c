import { QuestionnaireModel, type QuestionnaireOptions } from '@agent/askuser';
import {
  summarizeQuestionnaire,
  type Answer,
  type AnsweredQuestionnaire,
  type LaterAnswer,
  type Questionnaire,
} from '@agent/tools';
import type { Line } from '../text/line';
import type { CustomSegment } from '../view/segment';
import { layoutQuestionnaireCard, type CardLayout } from './questionnaire-card';
import { renderQuestionnaireSummary } from './questionnaire-summary';

type State =
  | { kind: 'live'; model: QuestionnaireModel }
  | { kind: 'resolved'; result: AnsweredQuestionnaire; answeredOn?: string }
  | {
      kind: 'interrupted';
      answers: Answer[] | undefined;
      custom?: boolean[];
      later?: LaterAnswer[];
    };

/** What the segment may know of the screen: the rows the transcript shows. */
export interface SegmentScreen {
  rows(): number;
}

/**
 * The transcript segment of one questionnaire: the live card while the person answers, then
 * the compact summary. Whoever changes it calls `Transcript.touch`.
 */
export class QuestionnaireSegment implements CustomSegment {
  readonly kind = 'custom' as const;
  private state: State;
  private questionTop = 0;
  private optionTop = 0;
  private shownIndex = 0;
  private shownRow = 0;
  private last: CardLayout | undefined;

  constructor(
    readonly questionnaire: Questionnaire,
    initial?:
      | { result: AnsweredQuestionnaire; answeredOn?: string }
      | { interrupted: true; answers?: Answer[]; custom?: boolean[]; later?: LaterAnswer[] },
    private readonly screen?: SegmentScreen,
    /** A live card's options (the answers given before a crash, filled in). */
    options?: QuestionnaireOptions,
  ) {
    if (!initial) {
      this.state = { kind: 'live', model: new QuestionnaireModel(questionnaire, options) };
    } else if ('result' in initial) {
      const { result, answeredOn } = initial;
      this.state = { kind: 'resolved', result, ...(answeredOn ? { answeredOn } : {}) };
    } else {
      const { answers, custom, later } = initial;
      this.state = {
        kind: 'interrupted',
        answers,
        ...(custom ? { custom } : {}),
        ...(later ? { later } : {}),
      };
    }
  }

  /** The live card is laid out for the screen height; the summary only for the width. */
  layoutKey(): number {
    return this.state.kind === 'live' && this.screen ? this.screen.rows() : 0;
  }

  /**
   * PageUp/PageDown on a question taller than its window in the card: scrolls it by a page and
   * returns true; false when the question is shown whole (the transcript scrolls instead).
   */
  scrollQuestion(direction: -1 | 1): boolean {
    const last = this.last;
    if (this.state.kind !== 'live' || !last) return false;
    // The selected option first, while it is too tall for the card and has more that way.
    const optionMax = last.optionRows - last.optionShown;
    const optionMoves = direction > 0 ? last.optionTop < optionMax : last.optionTop > 0;
    if (optionMax > 0 && optionMoves) {
      const step = Math.max(1, last.optionShown - 1);
      this.optionTop = Math.min(optionMax, Math.max(0, last.optionTop + direction * step));
      return true;
    }
    if (last.questionShown >= last.questionRows) return false;
    const step = Math.max(1, last.questionShown - 1);
    const max = last.questionRows - last.questionShown;
    this.questionTop = Math.min(max, Math.max(0, last.questionTop + direction * step));
    return true;
  }

  /** The live model, while the card is open. */
  get model(): QuestionnaireModel | undefined {
    return this.state.kind === 'live' ? this.state.model : undefined;
  }

  get live(): boolean {
    return this.state.kind === 'live';
  }

  /** Answered: here, or first on the front end `answeredOn` (the web page). */
  resolve(result: AnsweredQuestionnaire, answeredOn?: string): void {
    this.state = { kind: 'resolved', result, ...(answeredOn ? { answeredOn } : {}) };
  }

  /** The turn was interrupted while the card was open: keep what was answered. */
  interrupt(): void {
    if (this.state.kind !== 'live') return;
    const { model } = this.state;
    const later = model.later;
    this.state = {
      kind: 'interrupted',
      answers: [...model.answers],
      custom: [...model.custom],
      ...(later.length > 0 ? { later } : {}),
    };
  }

  render(width: number): Line[] {
    switch (this.state.kind) {
      case 'live': {
        const model = this.state.model;
        if (model.questionIndex !== this.shownIndex) {
          this.shownIndex = model.questionIndex;
          this.questionTop = 0;
        }
        if (model.selected !== this.shownRow) {
          this.shownRow = model.selected;
          this.optionTop = 0;
        }
        this.last = layoutQuestionnaireCard(model, width, {
          maxRows: this.screen?.rows(),
          questionTop: this.questionTop,
          optionTop: this.optionTop,
          strip: true,
        });
        return this.last.lines;
      }
      case 'resolved':
        return renderQuestionnaireSummary(
          summarizeQuestionnaire(this.questionnaire, this.state.result),
          width,
          this.state.answeredOn ? { answeredOn: this.state.answeredOn } : {},
        );
      case 'interrupted':
        return renderQuestionnaireSummary(
          summarizeQuestionnaire(this.questionnaire, {
            answers: this.state.answers ?? [],
            cancelled: true,
            ...(this.state.custom ? { custom: this.state.custom } : {}),
            ...(this.state.later ? { later: this.state.later } : {}),
          }),
          width,
          { interrupted: this.state.answers ? true : 'unknown' },
        );
    }
  }
}
