import { answerIsTyped, answerText, isAnswer, type Answer } from './answer';
import { questionnaireWasRedacted } from './redaction-marker';

export { answerIsTyped, answerStrings, answerText, isAnswer, type Answer } from './answer';
/**
 * The questionnaire of `ask_user`, one home for its types and formatting: the REPL's card and
 * replay, the tool's result summary and the session log all read questionnaires through here.
 */

/** One question of a questionnaire; the first option is the model's recommendation. */
export interface Question {
  question: string;
  options: string[];
  /** The person may tick several options (and add typed text); the answer is then a list. */
  multiSelect?: boolean;
}

export interface Questionnaire {
  questions: Question[];
}

/** Answers in question order; when cancelled, only the answers completed before Esc. */
export interface QuestionnaireResult {
  answers: Answer[];
  cancelled: boolean;
}

/** A questionnaire result plus which answers the person typed rather than picked. */
export interface AnsweredQuestionnaire extends QuestionnaireResult {
  /** `custom[i]` is true when answer i was typed; absent means "infer from the options". */
  custom?: boolean[];
}

/** The answers given so far while a questionnaire is open; `custom[i]`: answer i was typed. */
export interface QuestionnaireProgress {
  answers: Answer[];
  custom: boolean[];
}

/** One answered question of a compact summary. */
export interface SummaryItem {
  question: string;
  /** The answer as shown: a multi-select answer's entries joined with ", ". */
  answer: string;
  custom: boolean;
}

/** A compact, non-interactive account of a questionnaire and its outcome. */
export interface QuestionnaireSummary {
  /** The answered questions, in order. */
  items: SummaryItem[];
  /** The questions that got no answer (a cancelled or interrupted questionnaire). */
  unanswered: string[];
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
  const items = questionnaire.questions.flatMap((q, i): SummaryItem[] => {
    const answer = result.answers[i];
    if (answer === undefined) return [];
    const custom = result.custom?.[i] ?? answerIsTyped(q, answer);
    return [{ question: q.question, answer: answerText(answer), custom }];
  });
  return {
    items,
    unanswered: questionnaire.questions.slice(items.length).map((q) => q.question),
    answered: items.length,
    total,
    cancelled: result.cancelled,
    headline: summaryHeadline(items.length, total, result.cancelled),
    redacted: questionnaireWasRedacted(questionnaire, result),
  };
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
  if (!answers.every(isAnswer)) return undefined;
  return { answers, cancelled };
}

/** Reads a stored `ask_user` input back; undefined when it is not a questionnaire. */
export function parseQuestionnaire(input: unknown): Questionnaire | undefined {
  if (typeof input !== 'object' || input === null) return undefined;
  const questions = (input as { questions?: unknown }).questions;
  if (!Array.isArray(questions)) return undefined;
  const out: Question[] = [];
  for (const item of questions) {
    if (typeof item !== 'object' || item === null) return undefined;
    const { question, options, multiSelect } = item as {
      question?: unknown;
      options?: unknown;
      multiSelect?: unknown;
    };
    if (typeof question !== 'string' || !Array.isArray(options)) return undefined;
    if (!options.every((option): option is string => typeof option === 'string')) return undefined;
    out.push(multiSelect === true ? { question, options, multiSelect } : { question, options });
  }
  return { questions: out };
}
