import {
  pairAnswers,
  parseQuestionnaire,
  questionnaireWasRedacted,
  REDACTED_QUESTIONNAIRE_NOTE,
  summaryHeadline,
  type AnsweredQuestion,
} from '@agent/tools';
import type { QuestionnaireRecord, QuestionnaireResult } from './schema';

/** The `{answers, cancelled}` result of an ask_user call, or undefined when it is not one. */
export { parseQuestionnaireResult as parseAskUserResult } from '@agent/tools';

/** The tool whose calls replay as questionnaire summaries. */
export const ASK_USER_TOOL = 'ask_user';

/** A resolved questionnaire as replay shows it: never a live card. */
export interface QuestionnaireSummary {
  questions: AnsweredQuestion[];
  cancelled: boolean;
  answered: number;
  total: number;
  /** A secret was removed from the questions, options or answers before saving. */
  redacted: boolean;
}

/** The questions of an ask_user input, or undefined when it does not have that shape or none. */
export function parseAskUserInput(input: unknown): QuestionnaireRecord | undefined {
  const questionnaire = parseQuestionnaire(input);
  return questionnaire && questionnaire.questions.length > 0 ? questionnaire : undefined;
}

export function summarizeQuestionnaire(
  record: QuestionnaireRecord,
  result: QuestionnaireResult,
): QuestionnaireSummary {
  const answered = Math.min(result.answers.length, record.questions.length);
  return {
    questions: pairAnswers(record, result),
    cancelled: result.cancelled,
    answered,
    total: record.questions.length,
    redacted: questionnaireWasRedacted(record, result),
  };
}

/**
 * Plain text lines for a summary: `Question -> answer`, custom answers marked, cancellations and
 * redactions noted.
 */
export function formatQuestionnaireSummary(summary: QuestionnaireSummary): string[] {
  const lines = summary.questions.map((q) => {
    if (q.answer === undefined) return `${q.question} -> (not answered)`;
    return `${q.question} -> ${q.answer}${q.custom ? ' (custom)' : ''}`;
  });
  if (summary.cancelled) lines.push(summaryHeadline(summary.answered, summary.total, true));
  if (summary.redacted) lines.push(`(${REDACTED_QUESTIONNAIRE_NOTE})`);
  return lines;
}
