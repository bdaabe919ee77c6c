import type { QuestionnaireRecord, QuestionnaireResult } from './schema';

/** The tool whose calls replay as questionnaire summaries. */
export const ASK_USER_TOOL = 'ask_user';

/** A resolved questionnaire as replay shows it: never a live card. */
export interface QuestionnaireSummary {
  questions: Array<{
    question: string;
    /** Absent for questions left unanswered by a cancellation. */
    answer?: string;
    /** The person typed the answer instead of choosing an option. */
    custom: boolean;
  }>;
  cancelled: boolean;
  answered: number;
  total: number;
}

/** The questions of an ask_user input, or undefined when it does not have that shape. */
export function parseAskUserInput(input: unknown): QuestionnaireRecord | undefined {
  if (typeof input !== 'object' || input === null) return undefined;
  const questions = (input as { questions?: unknown }).questions;
  if (!Array.isArray(questions) || questions.length === 0) return undefined;
  const out: QuestionnaireRecord['questions'] = [];
  for (const item of questions) {
    if (typeof item !== 'object' || item === null) return undefined;
    const { question, options } = item as { question?: unknown; options?: unknown };
    if (typeof question !== 'string' || !Array.isArray(options)) return undefined;
    if (!options.every((option): option is string => typeof option === 'string')) return undefined;
    out.push({ question, options });
  }
  return { questions: out };
}

/** The `{answers, cancelled}` result of an ask_user call, or undefined when it is not one. */
export function parseAskUserResult(output: string): QuestionnaireResult | undefined {
  let value: unknown;
  try {
    value = JSON.parse(output);
  } catch {
    return undefined;
  }
  if (typeof value !== 'object' || value === null) return undefined;
  const { answers, cancelled } = value as { answers?: unknown; cancelled?: unknown };
  if (!Array.isArray(answers) || typeof cancelled !== 'boolean') return undefined;
  if (!answers.every((answer): answer is string => typeof answer === 'string')) return undefined;
  return { answers, cancelled };
}

export function summarizeQuestionnaire(
  record: QuestionnaireRecord,
  result: QuestionnaireResult,
): QuestionnaireSummary {
  const questions = record.questions.map((q, i) => {
    const answer = result.answers[i];
    return answer === undefined
      ? { question: q.question, custom: false }
      : { question: q.question, answer, custom: !q.options.includes(answer) };
  });
  const answered = Math.min(result.answers.length, record.questions.length);
  return { questions, cancelled: result.cancelled, answered, total: record.questions.length };
}

/** Plain text lines for a summary: `Question -> answer`, custom answers marked, cancellations noted. */
export function formatQuestionnaireSummary(summary: QuestionnaireSummary): string[] {
  const lines = summary.questions.map((q) => {
    if (q.answer === undefined) return `${q.question} -> (not answered)`;
    return `${q.question} -> ${q.answer}${q.custom ? ' (custom)' : ''}`;
  });
  if (summary.cancelled) lines.push(`cancelled after ${summary.answered} of ${summary.total}`);
  return lines;
}
