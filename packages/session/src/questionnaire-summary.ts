import {
  pairAnswers,
  parseQuestionnaire,
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
}

/** The questions of an ask_user input, or undefined when it does not have that shape or none. */
export function parseAskUserInput(input: unknown): QuestionnaireRecord | undefined {
  const questionnaire = parseQuestionnaire(input);
  return questionnaire && questionnaire.questions.length > 0 ? questionnaire : undefined;
}

/**
 * Pairs answers with questions. `custom[i]` (recorded in the session) says whether answer i was
 * typed; without it (older files) an answer that is not one of the options counts as typed.
 */
export function summarizeQuestionnaire(
  record: QuestionnaireRecord,
  result: QuestionnaireResult,
  custom?: boolean[],
): QuestionnaireSummary {
  const answered = Math.min(result.answers.length, record.questions.length);
  return {
    questions: pairAnswers(record, result, custom),
    cancelled: result.cancelled,
    answered,
    total: record.questions.length,
  };
}

/** Plain text lines for a summary: `Question -> answer`, custom answers marked, cancellations noted. */
export function formatQuestionnaireSummary(summary: QuestionnaireSummary): string[] {
  const lines = summary.questions.map((q) => {
    if (q.answer === undefined) return `${q.question} -> (not answered)`;
    return `${q.question} -> ${q.answer}${q.custom ? ' (custom)' : ''}`;
  });
  if (summary.cancelled) lines.push(summaryHeadline(summary.answered, summary.total, true));
  return lines;
}
