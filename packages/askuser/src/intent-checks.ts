import type { Question } from '@agent/tool-contract';

/**
 * An intent that names no such question or option, or the wrong kind of answer for its question:
 * the caller's mistake, reported before anything changes.
 */
export class QuestionnaireIntentError extends Error {
  override readonly name = 'QuestionnaireIntentError';
}

/** Throws unless `index` is a zero-based question index of `questions`. */
export function checkQuestionIndex(questions: readonly Question[], index: number): void {
  if (Number.isInteger(index) && index >= 0 && index < questions.length) return;
  const count = questions.length;
  throw new QuestionnaireIntentError(
    `no question ${JSON.stringify(index)}: the questionnaire has ${count} question${count === 1 ? '' : 's'}, indices 0 to ${count - 1}`,
  );
}

/**
 * The position of option `label` (the exact option string) of question `index`, which must take
 * `kind` answers (`one`: select; `several`: toggle); throws otherwise.
 */
export function optionIndex(
  questions: readonly Question[],
  index: number,
  label: string,
  kind: 'one' | 'several',
): number {
  checkQuestionIndex(questions, index);
  const question = questions[index]!;
  const several = question.multiSelect === true;
  const name = `question ${index} (${JSON.stringify(question.question)})`;
  if (kind === 'one' && several) {
    throw new QuestionnaireIntentError(`${name} takes several options: toggle them, then submit`);
  }
  if (kind === 'several' && !several) {
    throw new QuestionnaireIntentError(`${name} takes one option: select it`);
  }
  const at = typeof label === 'string' ? question.options.indexOf(label) : -1;
  if (at === -1) {
    const options = question.options.map((option) => JSON.stringify(option)).join(', ');
    throw new QuestionnaireIntentError(
      `${name} has no option ${JSON.stringify(label)}; its options are ${options}`,
    );
  }
  return at;
}
