import type { Answer } from './answer';
import type { QuestionnaireProgress } from './questionnaire';

/** One question's answer in a questionnaire's progress, and whether it was typed. */
export interface GivenAnswer {
  answer: Answer;
  custom: boolean;
}

/** The answer each of `total` questions has in `progress` (in order or later), or undefined. */
export function givenAnswers(
  progress: QuestionnaireProgress | undefined,
  total: number,
): Array<GivenAnswer | undefined> {
  const given: Array<GivenAnswer | undefined> = Array.from({ length: total }, () => undefined);
  if (!progress) return given;
  const inOrder = Math.min(progress.answers.length, total);
  for (let i = 0; i < inOrder; i++) {
    given[i] = { answer: progress.answers[i]!, custom: progress.custom[i] === true };
  }
  for (const entry of progress.later ?? []) {
    if (entry.question >= 0 && entry.question < total && given[entry.question] === undefined) {
      given[entry.question] = { answer: entry.answer, custom: entry.custom === true };
    }
  }
  return given;
}

/** The progress that holds `given` per question: the leading run in order, the rest as later. */
export function progressOf(given: ReadonlyArray<GivenAnswer | undefined>): QuestionnaireProgress {
  const gap = given.findIndex((entry) => entry === undefined);
  const inOrder = (gap === -1 ? given : given.slice(0, gap)) as GivenAnswer[];
  const later = given.flatMap((entry, question) =>
    entry !== undefined && gap !== -1 && question > gap
      ? [{ question, answer: entry.answer, custom: entry.custom }]
      : [],
  );
  return {
    answers: inOrder.map((entry) => entry.answer),
    custom: inOrder.map((entry) => entry.custom),
    ...(later.length > 0 ? { later } : {}),
  };
}

/**
 * The answers given on every front end of one open questionnaire: `incoming` (what one front end
 * has now) over `earlier` (what was recorded before), question by question. Answers are given or
 * changed, never taken back, so a front end that has not yet heard another's answer keeps it.
 */
export function mergedProgress(
  earlier: QuestionnaireProgress | undefined,
  incoming: QuestionnaireProgress,
  total: number,
): QuestionnaireProgress {
  const before = givenAnswers(earlier, total);
  const now = givenAnswers(incoming, total);
  return progressOf(now.map((entry, i) => entry ?? before[i]));
}

/** Whether two progresses of a questionnaire of `total` questions hold the same answers. */
export function sameProgress(
  a: QuestionnaireProgress,
  b: QuestionnaireProgress,
  total: number,
): boolean {
  return JSON.stringify(givenAnswers(a, total)) === JSON.stringify(givenAnswers(b, total));
}
