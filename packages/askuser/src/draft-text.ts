/** Caret steps and input cleaning for a typed answer; surrogate pairs stay whole. */

/** The caret position one character before `at`. */
export function stepBack(text: string, at: number): number {
  if (at <= 0) return 0;
  const low = text.charCodeAt(at - 1);
  if (at >= 2 && low >= 0xdc00 && low <= 0xdfff) {
    const high = text.charCodeAt(at - 2);
    if (high >= 0xd800 && high <= 0xdbff) return at - 2;
  }
  return at - 1;
}

/** The caret position one character after `at`. */
export function stepForward(text: string, at: number): number {
  if (at >= text.length) return text.length;
  const high = text.charCodeAt(at);
  if (high >= 0xd800 && high <= 0xdbff && at + 1 < text.length) {
    const low = text.charCodeAt(at + 1);
    if (low >= 0xdc00 && low <= 0xdfff) return at + 2;
  }
  return at + 1;
}

/**
 * Typed or pasted text as it goes into an answer: line breaks (a multi-line paste) kept as `\n`,
 * tabs kept, every other control character dropped.
 */
export function cleanInput(raw: string): string {
  return raw.replace(/\r\n|\r/g, '\n').replace(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g, '');
}
