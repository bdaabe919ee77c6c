import type { Answer, Question } from '@agent/tool-contract';
import type { QuestionnaireOptions } from './questionnaire-action';

/**
 * The kept decisions of a questionnaire (its `preset`): which question has one, and offering it
 * the first time its question shows, not over the changes made after.
 */
export class KeptDecisions {
  private readonly shown = new Set<number>();

  constructor(private readonly preset: NonNullable<QuestionnaireOptions['preset']> = []) {}

  /** The kept decision of question `index`, if any. */
  for(index: number): { answer: Answer; decidedAt?: string } | undefined {
    return this.preset.find((entry) => entry.question === index);
  }

  /**
   * The kept answer to preselect as question `index` shows, and whether it is typed rather than
   * one of `question`'s options; undefined when it has none or has shown before.
   */
  onFirstShow(index: number, question: Question): { answer: Answer; typed: boolean } | undefined {
    const first = !this.shown.has(index);
    this.shown.add(index);
    const kept = first ? this.for(index)?.answer : undefined;
    if (kept === undefined) return undefined;
    return { answer: kept, typed: typeof kept === 'string' && !question.options.includes(kept) };
  }
}
