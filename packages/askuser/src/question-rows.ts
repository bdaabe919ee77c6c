import type { Question } from '@agent/tool-contract';

/** The label of the last row of every question, where the person types their own answer. */
export const FREE_FORM_LABEL = 'Type your answer';

/** The row of a multi-select question that confirms the options ticked (and the text typed). */
export const DONE_LABEL = 'Done';

/** A question's rows: its options, `Done` for a multi-select one, then the free-form row. */
export function questionRows(question: Question): string[] {
  const done = question.multiSelect === true ? [DONE_LABEL] : [];
  return [...question.options, ...done, FREE_FORM_LABEL];
}

/** The free-form row: the last one. */
export function freeFormRowOf(question: Question): number {
  return question.options.length + (question.multiSelect === true ? 1 : 0);
}

/** The `Done` row of a multi-select question; undefined for a one-answer question. */
export function doneRowOf(question: Question): number | undefined {
  return question.multiSelect === true ? question.options.length : undefined;
}
