/**
 * The option number a typed text is, if it is only that (`2`, ` 3 `), else 0: digits type on a
 * card (ASK_USER.md §9), so the card says what Enter sends when a draft looks like a pick.
 */
export function optionNumber(draft: string, options: number): number {
  const digits = /^\s*(\d{1,2})\s*$/.exec(draft)?.[1];
  const number = digits === undefined ? 0 : Number(digits);
  return number >= 1 && number <= options ? number : 0;
}
