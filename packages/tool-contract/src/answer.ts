/**
 * One question's answer: the exact option or typed text, or for a `multiSelect` question the
 * exact options ticked in option order, then the typed text if any (at least one entry).
 */
export type Answer = string | string[];

/** An answer as one line of text: a multi-select answer's entries joined with ", ". */
export function answerText(answer: Answer): string {
  return typeof answer === 'string' ? answer : answer.join(', ');
}

/** Whether `answer` holds text the person typed (not one of the question's options). */
export function answerIsTyped(question: { options: readonly string[] }, answer: Answer): boolean {
  const entries = typeof answer === 'string' ? [answer] : answer;
  return entries.some((entry) => !question.options.includes(entry));
}

/** Whether `value` has the shape of an answer: a string, or a non-empty list of strings. */
export function isAnswer(value: unknown): value is Answer {
  if (typeof value === 'string') return true;
  return (
    Array.isArray(value) &&
    value.length > 0 &&
    value.every((entry): entry is string => typeof entry === 'string')
  );
}

/** Every string of an answer list, multi-select entries included. */
export function answerStrings(answers: readonly Answer[]): string[] {
  return answers.flatMap((answer) => (typeof answer === 'string' ? [answer] : answer));
}
