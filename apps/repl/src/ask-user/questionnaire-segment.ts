import { QuestionnaireModel } from '@agent/askuser';
import {
  summarizeQuestionnaire,
  type AnsweredQuestionnaire,
  type Questionnaire,
} from '@agent/tools';
import type { Line } from '../text/line';
import type { CustomSegment } from '../view/segment';
import { renderQuestionnaireCard, renderQuestionnaireSummary } from './questionnaire-card';

type State =
  | { kind: 'live'; model: QuestionnaireModel }
  | { kind: 'resolved'; result: AnsweredQuestionnaire }
  | { kind: 'interrupted'; answers: string[] | undefined };

/**
 * The transcript segment of one questionnaire: the live card while the person answers, then
 * the compact summary. Whoever changes it calls `Transcript.touch`.
 */
export class QuestionnaireSegment implements CustomSegment {
  readonly kind = 'custom' as const;
  private state: State;

  constructor(
    readonly questionnaire: Questionnaire,
    initial?: { result: AnsweredQuestionnaire } | { interrupted: true },
  ) {
    if (!initial) this.state = { kind: 'live', model: new QuestionnaireModel(questionnaire) };
    else if ('result' in initial) this.state = { kind: 'resolved', result: initial.result };
    else this.state = { kind: 'interrupted', answers: undefined };
  }

  /** The live model, while the card is open. */
  get model(): QuestionnaireModel | undefined {
    return this.state.kind === 'live' ? this.state.model : undefined;
  }

  get live(): boolean {
    return this.state.kind === 'live';
  }

  resolve(result: AnsweredQuestionnaire): void {
    this.state = { kind: 'resolved', result };
  }

  /** The turn was interrupted while the card was open: keep what was answered. */
  interrupt(): void {
    const answers = this.state.kind === 'live' ? [...this.state.model.answers] : [];
    if (this.state.kind === 'live') this.state = { kind: 'interrupted', answers };
  }

  render(width: number): Line[] {
    switch (this.state.kind) {
      case 'live':
        return renderQuestionnaireCard(this.state.model, width);
      case 'resolved':
        return renderQuestionnaireSummary(
          summarizeQuestionnaire(this.questionnaire, this.state.result),
          width,
        );
      case 'interrupted':
        return renderQuestionnaireSummary(
          summarizeQuestionnaire(this.questionnaire, {
            answers: this.state.answers ?? [],
            cancelled: true,
          }),
          width,
          { interrupted: this.state.answers ? true : 'unknown' },
        );
    }
  }
}
