import { answerStrings } from './answer';
import type { Questionnaire, QuestionnaireResult } from './questionnaire';

/** What a secret is replaced with before a session is saved. */
export const REDACTED = '[REDACTED]';

/**
 * Whether redaction removed something from a saved questionnaire (its questions, options or
 * answers), so a replay can say so instead of showing a rewritten answer as the person's own.
 */
export function questionnaireWasRedacted(
  questionnaire: Questionnaire,
  result?: QuestionnaireResult,
): boolean {
  const texts = [
    ...questionnaire.questions.flatMap((q) => [q.question, ...q.options]),
    ...answerStrings(result?.answers ?? []),
  ];
  return texts.some((text) => text.includes(REDACTED));
}

/** The note a replayed questionnaire carries when `questionnaireWasRedacted`. */
export const REDACTED_QUESTIONNAIRE_NOTE = 'a secret was redacted before the session was saved';
