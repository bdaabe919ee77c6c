import type { Questionnaire, QuestionnaireResult } from '@agent/tools';

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
}

/** The one-line status of an outcome: "2 answers" or "cancelled after K of M". */
export function summaryHeadline(answered: number, total: number, cancelled: boolean): string {
  if (cancelled) return `cancelled after ${answered} of ${total}`;
  return `${answered} answer${answered === 1 ? '' : 's'}`;
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
  const items = result.answers.slice(0, total).map((answer, index) => {
    const question = questionnaire.questions[index]!;
    const custom = result.custom?.[index] ?? !question.options.includes(answer);
    return { question: question.question, answer, custom };
  });
  return {
    items,
    answered: items.length,
    total,
    cancelled: result.cancelled,
    headline: summaryHeadline(items.length, total, result.cancelled),
  };
}

/** Reads a stored `ask_user` output back; undefined when it is not a questionnaire result. */
export function parseQuestionnaireResult(output: string): QuestionnaireResult | undefined {
  let value: unknown;
  try {
    value = JSON.parse(output);
  } catch {
    return undefined;
  }
  if (typeof value !== 'object' || value === null) return undefined;
  const { answers, cancelled } = value as { answers?: unknown; cancelled?: unknown };
  if (!Array.isArray(answers) || !answers.every((a) => typeof a === 'string')) return undefined;
  if (typeof cancelled !== 'boolean') return undefined;
  return { answers: answers as string[], cancelled };
}

/** Reads a stored `ask_user` input back; undefined when it is not a questionnaire. */
export function parseQuestionnaire(input: unknown): Questionnaire | undefined {
  if (typeof input !== 'object' || input === null) return undefined;
  const { questions } = input as { questions?: unknown };
  if (!Array.isArray(questions)) return undefined;
  const parsed = questions.map((q: unknown) => {
    if (typeof q !== 'object' || q === null) return undefined;
    const { question, options } = q as { question?: unknown; options?: unknown };
    if (typeof question !== 'string' || !Array.isArray(options)) return undefined;
    if (!options.every((o) => typeof o === 'string')) return undefined;
    return { question, options: options as string[] };
  });
  if (parsed.some((q) => q === undefined)) return undefined;
  return { questions: parsed as Questionnaire['questions'] };
}
