/**
 * Word boundaries for editing typed text as readline does (Alt+B/F, Ctrl+W, Alt+D): a word is a
 * run of non-space characters, and the spaces next to the caret are skipped first. A light entry
 * point (`@agent/tools/words`): the REPL's prompt editor loads it before its first paint.
 */

/** Where the word before `at` starts. */
export function wordStartBefore(text: string, at: number): number {
  return text.slice(0, at).replace(/\S+\s*$|\s+$/, '').length;
}

/** Where the word after `at` ends. */
export function wordEndAfter(text: string, at: number): number {
  const match = /^\s*\S+|^\s+/.exec(text.slice(at));
  return at + (match ? match[0].length : 0);
}
