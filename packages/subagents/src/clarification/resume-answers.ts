import { ASK_USER_LIMITS, codePoints, ToolError, type Answer, type Question } from '@agent/tools';

/**
 * The parent's answers for a waiting subagent's questions, checked as the person's are: one per
 * question, in order, each exact (never trimmed or rewritten), a list allowed only where the
 * question is multiSelect (a single string there becomes a one-entry list). Throws a ToolError
 * naming the problem.
 */
export function resumeAnswers(
  questions: readonly Question[],
  answers: readonly unknown[],
): Answer[] {
  if (answers.length !== questions.length) {
    throw new ToolError(
      `answers: expected ${questions.length} answer${questions.length === 1 ? '' : 's'} (one per question, in order), got ${answers.length}`,
    );
  }
  return questions.map((question, i) => answerFor(question, answers[i], i));
}

function answerFor(question: Question, answer: unknown, index: number): Answer {
  const where = `answers[${index}]`;
  if (Array.isArray(answer)) {
    if (question.multiSelect !== true) {
      throw new ToolError(
        `${where}: question ${index + 1} takes one answer string, not a list (it is not multiSelect)`,
      );
    }
    if (answer.length === 0) throw new ToolError(`${where}: expected at least one entry`);
    return answer.map((entry, j) => entryOf(entry, `${where}[${j}]`));
  }
  const text = entryOf(answer, where);
  return question.multiSelect === true ? [text] : text;
}

function entryOf(value: unknown, where: string): string {
  if (typeof value !== 'string') throw new ToolError(`${where}: expected a string`);
  if (value.trim() === '') throw new ToolError(`${where}: must not be empty or whitespace-only`);
  const max = ASK_USER_LIMITS.maxAnswerChars;
  if (codePoints(value) > max) {
    throw new ToolError(`${where}: expected at most ${max} characters, got ${codePoints(value)}`);
  }
  return value;
}
