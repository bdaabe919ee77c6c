import type { Questionnaire, QuestionnaireResult } from './ask-user-requester';

/** One question of a questionnaire paired with its answer, if it got one. */
export interface AnsweredQuestion {
  question: string;
  /** Absent for a question left unanswered by a cancellation. */
  answer?: string;
  /** The person typed the answer instead of choosing an option (false when unanswered). */
  custom: boolean;
}

/**
 * Pairs each question with its answer, in order. `custom[i]` says whether answer i was typed;
 * without it (a replayed session) an answer that is not one of its question's options counts
 * as typed.
 */
export function pairAnswers(
  questionnaire: Questionnaire,
  result: QuestionnaireResult,
  custom?: boolean[],
): AnsweredQuestion[] {
  return questionnaire.questions.map((q, i) => {
    const answer = result.answers[i];
    if (answer === undefined) return { question: q.question, custom: false };
    return { question: q.question, answer, custom: custom?.[i] ?? !q.options.includes(answer) };
  });
}

/** The one-line status of an outcome: "2 answers", "1 answer" or "cancelled after K of M". */
export function summaryHeadline(answered: number, total: number, cancelled: boolean): string {
  if (cancelled) return `cancelled after ${answered} of ${total}`;
  return `${answered} answer${answered === 1 ? '' : 's'}`;
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
  if (!Array.isArray(answers) || typeof cancelled !== 'boolean') return undefined;
  if (!answers.every((answer): answer is string => typeof answer === 'string')) return undefined;
  return { answers, cancelled };
}

/** Reads a stored `ask_user` input back; undefined when it is not a questionnaire. */
export function parseQuestionnaire(input: unknown): Questionnaire | undefined {
  if (typeof input !== 'object' || input === null) return undefined;
  const questions = (input as { questions?: unknown }).questions;
  if (!Array.isArray(questions)) return undefined;
  const out: Questionnaire['questions'] = [];
  for (const item of questions) {
    if (typeof item !== 'object' || item === null) return undefined;
    const { question, options } = item as { question?: unknown; options?: unknown };
    if (typeof question !== 'string' || !Array.isArray(options)) return undefined;
    if (!options.every((option): option is string => typeof option === 'string')) return undefined;
    out.push({ question, options });
  }
  return { questions: out };
}
