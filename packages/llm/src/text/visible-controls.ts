/**
 * Characters a terminal acts on or does not show: C0 controls except the newline, DEL, C1
 * controls, bidi controls, zero-width and other invisible format characters, line and paragraph
 * separators, and unpaired surrogates. Text meant to be approved (a command, a path) shows each
 * of them as a marked notation instead of dropping it, so what is shown is what runs.
 */
const HIDDEN =
  /[\x00-\x09\x0b-\x1f\x7f-\x9f\u00ad\u061c\u180e\u200b\u200e\u200f\u2028-\u202e\u2060-\u2064\u2066-\u2069\ufeff\ufff9-\ufffb]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** A run of text shown as is, or one hidden character (`control`) to show as its notation. */
export interface TextPiece {
  text: string;
  control?: true;
}

/** Whether `text` holds any character {@link splitControls} would mark. */
export function hasHiddenCharacters(text: string): boolean {
  HIDDEN.lastIndex = 0;
  return HIDDEN.test(text);
}

/** Splits `text` into shown runs and single hidden characters, in order, losing nothing. */
export function splitControls(text: string): TextPiece[] {
  const pieces: TextPiece[] = [];
  let last = 0;
  HIDDEN.lastIndex = 0;
  for (let m = HIDDEN.exec(text); m; m = HIDDEN.exec(text)) {
    if (m.index > last) pieces.push({ text: text.slice(last, m.index) });
    pieces.push({ text: m[0], control: true });
    last = m.index + m[0].length;
  }
  if (last < text.length) pieces.push({ text: text.slice(last) });
  return pieces;
}

const NAMED: Record<string, string> = { '\t': '\\t', '\r': '\\r' };

/** How a hidden character is written: `\t`, `\r`, `\x1b`, `\u202e`. */
export function controlNotation(char: string): string {
  const named = NAMED[char];
  if (named) return named;
  const code = char.charCodeAt(0);
  return code < 0x100
    ? `\\x${code.toString(16).padStart(2, '0')}`
    : `\\u${code.toString(16).padStart(4, '0')}`;
}

/** The character a {@link controlNotation} stands for. */
export function parseControlNotation(notation: string): string {
  if (notation === '\\t') return '\t';
  if (notation === '\\r') return '\r';
  const match = /^\\(?:x([0-9a-f]{2})|u([0-9a-f]{4}))$/.exec(notation);
  if (!match) throw new Error(`not a control notation: ${JSON.stringify(notation)}`);
  return String.fromCharCode(parseInt(match[1] ?? match[2]!, 16));
}

/**
 * `text` on one line with every hidden character and newline written as its notation (a
 * newline as `\n`), for logs that have no colour to mark them.
 */
export function showControls(text: string): string {
  HIDDEN.lastIndex = 0;
  return text.replace(HIDDEN, (char) => controlNotation(char)).replace(/\n/g, '\\n');
}
