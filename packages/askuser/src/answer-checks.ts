import { ASK_USER_LIMITS } from './limits';
import { codePoints } from './schema';

/** Why an answer cannot be recorded yet, as the card shows it; or the answer that can. */
export type Checked<T> = { answer: T } | { hint: string };

const EMPTY_ANSWER_HINT = 'Type an answer first, or choose an option with Up/Down';
const NOTHING_TICKED_HINT = 'Tick an option with Space, or type an answer, before Done';
const TOO_LONG_HINT = `Answers are limited to ${ASK_USER_LIMITS.maxAnswerChars} characters`;

/** A one-answer question's typed answer: the trimmed draft, refused when nothing is left. */
export function typedAnswer(draft: string): Checked<string> {
  const answer = draft.trim();
  return answer.length === 0 ? { hint: EMPTY_ANSWER_HINT } : { answer };
}

/**
 * A multi-select question's answer: the ticked options in option order, then the typed text
 * unless it is one of the options; refused when it holds nothing.
 */
export function tickedAnswer(
  options: readonly string[],
  ticks: readonly boolean[],
  draft: string,
): Checked<{ chosen: string[]; typed: boolean }> {
  const text = draft.trim();
  // Typed text that is exactly an option counts as that option, ticked once, in option order.
  const typedOption = text === '' ? -1 : options.indexOf(text);
  const chosen = options.filter((_, i) => ticks[i] || i === typedOption);
  const typed = text !== '' && typedOption === -1;
  if (typed) chosen.push(text);
  if (chosen.length === 0) return { hint: NOTHING_TICKED_HINT };
  return { answer: { chosen, typed } };
}

/**
 * The part of `text` that still fits into `draft` under the answer limit, and the hint when some
 * of it had to be cut. Characters are code points, as the advertised limits count them.
 */
export function fitAnswerLimit(draft: string, text: string): { piece: string; hint?: string } {
  const room = ASK_USER_LIMITS.maxAnswerChars - codePoints(draft);
  if (codePoints(text) <= room) return { piece: text };
  return { piece: Array.from(text).slice(0, Math.max(0, room)).join(''), hint: TOO_LONG_HINT };
}
