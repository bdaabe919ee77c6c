import {
  pairAnswers,
  questionnaireWasRedacted,
  summaryHeadline,
  type Questionnaire,
  type QuestionnaireResult,
} from '@agent/tools';

export {
  parseQuestionnaire,
  parseQuestionnaireResult,
  REDACTED_QUESTIONNAIRE_NOTE,
  summaryHeadline,
} from '@agent/tools';

/** A questionnaire result plus which answers the person typed rather than picked. */
export interface AnsweredQuestionnaire extends QuestionnaireResult {
  /** `custom[i]` is true when answer i was typed; absent means "infer from the options". */
  custom?: boolean[];
}

/** One answered question of a compact summary. */
export interface SummaryItem {
  question: string;
  answer: string;
  custom: boolean;
}

/** A compact, non-interactive account of a questionnaire and its outcome. */
export interface QuestionnaireSummary {
  /** The answered questions, in order. */
  items: SummaryItem[];
  answered: number;
  total: number;
  cancelled: boolean;
  /** "2 answers", "1 answer" or "cancelled after 1 of 2". */
  headline: string;
  /** A secret was removed from the questions, options or answers before the session was saved. */
  redacted: boolean;
}

/**
 * Pairs each answer with its question. Without explicit `custom` flags (a replayed session), an
 * answer that is not one of its question's options counts as typed.
 */
export function summarizeQuestionnaire(
  questionnaire: Questionnaire,
  result: AnsweredQuestionnaire,
): QuestionnaireSummary {
  const total = questionnaire.questions.length;
  const items = pairAnswers(questionnaire, result, result.custom).flatMap(
    ({ question, answer, custom }) => (answer === undefined ? [] : [{ question, answer, custom }]),
  );
  return {
    items,
    answered: items.length,
    total,
    cancelled: result.cancelled,
    headline: summaryHeadline(items.length, total, result.cancelled),
    redacted: questionnaireWasRedacted(questionnaire, result),
  };
}
