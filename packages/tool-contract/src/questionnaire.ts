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

/**
 * An answer to a question after the first one without an answer: the person answered out of
 * order, through the strip, and then cancelled or was interrupted.
 */
export interface LaterAnswer {
  /** Zero-based index of the question. */
  question: number;
  answer: Answer;
  /** The answer was typed rather than picked; absent means "infer from the options". */
  custom?: boolean;
}

/** Whether `value` is a list of answers given out of order (`{question, answer, custom?}`). */
export function isLaterAnswers(value: unknown): value is LaterAnswer[] {
  return (
    Array.isArray(value) &&
    value.every(
      (entry: { question?: unknown; answer?: unknown; custom?: unknown } | null) =>
        typeof entry === 'object' &&
        entry !== null &&
        Number.isInteger(entry.question) &&
        isAnswer(entry.answer) &&
        (entry.custom === undefined || typeof entry.custom === 'boolean'),
    )
  );
}

/**
 * Answers in question order; when cancelled, only the answers completed before Esc from the
 * first question on, and in `later` the answers to questions after the first unanswered one.
 */
export interface QuestionnaireResult {
  answers: Answer[];
  cancelled: boolean;
  /** Absent or empty when every answer given is in `answers`. */
  later?: LaterAnswer[];
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
  /** Answers given out of order, after the first question without one. */
  later?: LaterAnswer[];
}

/** The answer question `index` got in `result`, in order or out of order; undefined if none. */
export function answerAt(result: QuestionnaireResult, index: number): Answer | undefined {
  return result.answers[index] ?? result.later?.find((entry) => entry.question === index)?.answer;
}

/** One entry of an answer as a summary shows it. */
export interface SummaryEntry {
  /** The exact string. */
  text: string;
  /** Typed by the person (not one of the question's options). */
  typed: boolean;
  /**
   * It holds what a plain rendering would hide or flatten (edge or doubled whitespace, a line
   * break, a tab, a no-break or other special space, a control or zero-width character): a front
   * end draws it visibly, as the card does.
   */
  hidden: boolean;
}

/** One answered question of a compact summary. */
export interface SummaryItem {
  question: string;
  /** The answer as shown: a multi-select answer's entries joined with ", ". */
  answer: string;
  custom: boolean;
  /** The answer's entries (one for a one-answer question), each exact. */
  entries: SummaryEntry[];
}

/** A question of a compact summary that got no answer. */
export interface UnansweredItem {
  question: string;
  unanswered: true;
}

/** Whether `text` holds a character or spacing a plain rendering hides (see `SummaryEntry`). */
export function hasHiddenCharacters(text: string): boolean {
  return text !== text.trim() || /[^\S ]| {2}|\p{Cc}|\p{Cf}/u.test(text);
}

/** A compact, non-interactive account of a questionnaire and its outcome. */
export interface QuestionnaireSummary {
  /** The answered questions, in order. */
  items: SummaryItem[];
  /** The questions that got no answer (a cancelled or interrupted questionnaire). */
  unanswered: string[];
  /** Every question in its order: an answered one as its item, the others as unanswered. */
  inOrder: (SummaryItem | UnansweredItem)[];
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
  const inOrder = questionnaire.questions.map((q, i): SummaryItem | UnansweredItem => {
    const answer = answerAt(result, i);
    if (answer === undefined) return { question: q.question, unanswered: true };
    const custom =
      (i < result.answers.length
        ? result.custom?.[i]
        : result.later?.find((entry) => entry.question === i)?.custom) ?? answerIsTyped(q, answer);
    const entries = (typeof answer === 'string' ? [answer] : answer).map((text): SummaryEntry => ({
      text,
      typed: typeof answer === 'string' ? custom : !q.options.includes(text),
      hidden: hasHiddenCharacters(text),
    }));
    return { question: q.question, answer: answerText(answer), custom, entries };
  });
  const items = inOrder.filter((row): row is SummaryItem => !('unanswered' in row));
  return {
    items,
    unanswered: inOrder.flatMap((row) => ('unanswered' in row ? [row.question] : [])),
    inOrder,
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
  const later = parseAlsoAnswered((value as { also_answered?: unknown }).also_answered);
  return later && later.length > 0 ? { answers, cancelled, later } : { answers, cancelled };
}

/**
 * The result as the model gets it: `answers` in question order from the
 * first on, answers given out of order in `also_answered` keyed by 1-based question number, and
 * `interrupted` when the turn (not the person) ended the card.
 */
export function questionnaireOutput(result: QuestionnaireResult, interrupted = false): string {
  const also = result.later?.length
    ? Object.fromEntries(result.later.map((entry) => [String(entry.question + 1), entry.answer]))
    : undefined;
  return JSON.stringify({
    answers: result.answers,
    ...(also ? { also_answered: also } : {}),
    cancelled: result.cancelled,
    ...(interrupted ? { interrupted: true } : {}),
  });
}

/** `also_answered` read back as later answers; undefined when absent or not of that shape. */
function parseAlsoAnswered(value: unknown): LaterAnswer[] | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const later: LaterAnswer[] = [];
  for (const [key, answer] of Object.entries(value)) {
    const number = Number(key);
    if (!Number.isInteger(number) || number < 1 || !isAnswer(answer)) return undefined;
    later.push({ question: number - 1, answer });
  }
  return later.sort((a, b) => a.question - b.question);
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
