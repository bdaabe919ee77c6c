import type { Answer, LaterAnswer, QuestionnaireProgress } from '@agent/tool-contract';
import type { AnswerSheet } from './answer-sheet';
import type { QuestionnaireStatus } from './questionnaire-action';

/** What a change can alter on a card, as `IntentChanges` compares it before and after. */
export interface ChangingCard {
  readonly status: QuestionnaireStatus;
  readonly questionIndex: number;
  readonly selected: number;
  readonly editing: boolean;
  readonly cursor: number;
  readonly hint: string | undefined;
  readonly draft: string;
  readonly answers: readonly Answer[];
  readonly custom: readonly boolean[];
  readonly later: LaterAnswer[];
  readonly progress: QuestionnaireProgress;
}

/**
 * Runs the changes of a card's intents: clears the last hint, reports a change of the answers
 * given to `onProgress`, and says whether anything changed. An intent never calls another.
 */
export class IntentChanges {
  constructor(
    private readonly card: ChangingCard,
    private readonly sheet: AnswerSheet,
    private readonly hooks: {
      clearHint: () => void;
      onProgress: (progress: QuestionnaireProgress) => void;
    },
  ) {}

  /** Runs `act` as one change of an active card; false when the card is resolved. */
  run(act: () => void): boolean {
    if (this.card.status !== 'active') return false;
    const before = this.snapshot();
    const given = this.progressKey();
    this.hooks.clearHint();
    act();
    if (this.progressKey() !== given) this.reportProgress();
    return this.snapshot() !== before;
  }

  private reportProgress(): void {
    try {
      this.hooks.onProgress(this.card.progress);
    } catch {
      // A failing listener must not break the card.
    }
  }

  private progressKey(): string {
    const card = this.card;
    return JSON.stringify([card.answers, card.custom, card.later]);
  }

  private snapshot(): string {
    const card = this.card;
    return JSON.stringify([
      card.questionIndex,
      card.selected,
      card.editing,
      card.cursor,
      card.hint,
      card.status,
      card.draft,
      this.sheet.ticksOf(card.questionIndex),
      this.sheet.all,
    ]);
  }
}
