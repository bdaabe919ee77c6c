import { graphemeWidth, graphemes, stringWidth } from './width';

/** Visual styles a span may carry; painters map them to terminal attributes. */
export type SpanStyle =
  | 'plain'
  | 'bold'
  | 'dim'
  | 'code'
  | 'heading'
  | 'user'
  | 'accent'
  | 'ok'
  | 'error'
  | 'warn'
  | 'added'
  | 'removed'
  | 'selected'
  | 'emphasis'
  | 'link'
  | 'link-url'
  | 'keyword'
  | 'type'
  | 'number'
  | 'string'
  /** A hidden character written as its notation (`\x1b`): text.ts visibleSpans. */
  | 'control';

/** A run of already-sanitized text with one style. */
export interface Span {
  text: string;
  style?: SpanStyle;
  /** A URL the text links to, painted as an OSC 8 hyperlink (sanitized like the text). */
  link?: string;
}

/** One screen row: spans whose total width never exceeds the width it was rendered for. */
export type Line = Span[];

export function plain(text: string, style?: SpanStyle): Line {
  return [{ text, style }];
}

export function lineText(line: Line): string {
  return line.map((span) => span.text).join('');
}

export function lineWidth(line: Line): number {
  return line.reduce((sum, span) => sum + stringWidth(span.text), 0);
}

/** Marks that close what comes before them: a row never starts with one (`x`, `(y)`, `日本。`). */
const CLOSING = /^[,.;:!?)\]}，。、；：！？）」』】》〉]/u;

/**
 * The spans cut into runs: a run of spaces, or a word made of the pieces of every span it
 * touches, so that a word never breaks where its style changes (`` `pnpm test`, `` keeps its
 * comma, `**bold**.` its full stop).
 */
function runsOf(spans: Span[]): Span[][] {
  const runs: Span[][] = [];
  let word: Span[] | undefined;
  for (const span of spans) {
    for (const token of span.text.split(/( +)/)) {
      if (token === '') continue;
      const piece: Span = { ...span, text: token };
      if (token.startsWith(' ')) {
        runs.push([piece]);
        word = undefined;
      } else if (word) word.push(piece);
      else runs.push((word = [piece]));
    }
  }
  return runs;
}

/**
 * Wraps styled spans to `width` cells, breaking at spaces where possible and hard-breaking
 * words longer than a row (never right before a closing mark). `indent` is prefixed to
 * continuation rows. Input text must not contain newlines.
 */
export function wrapSpans(spans: Span[], width: number, indent = ''): Line[] {
  const w = Math.max(1, width);
  const indentWidth = stringWidth(indent);
  const rows: Line[] = [];
  let row: Line = [];
  let used = 0;
  const push = ({ text, style, link }: Span) => {
    if (text === '') return;
    const last = row[row.length - 1];
    if (last && last.style === style && last.link === link) last.text += text;
    else row.push(link === undefined ? { text, style } : { text, style, link });
    used += stringWidth(text);
  };
  const newRow = () => {
    trimTrailingSpace(row);
    rows.push(row);
    row = indent ? [{ text: indent, style: 'dim' }] : [];
    used = indentWidth;
  };
  for (const run of runsOf(spans)) {
    const runWidth = lineWidth(run);
    if (used + runWidth <= w) {
      run.forEach(push);
      continue;
    }
    if (run[0]!.text.startsWith(' ')) {
      newRow();
      continue;
    }
    if (runWidth <= w - indentWidth && used > indentWidth) {
      newRow();
      run.forEach(push);
      continue;
    }
    for (const piece of run) {
      for (const ch of graphemes(piece.text)) {
        const cw = graphemeWidth(ch);
        if (used + cw > w && used > indentWidth) {
          const before = row;
          newRow();
          // A closing mark takes the grapheme before it along to the new row.
          const carried = CLOSING.test(ch)
            ? takeLast(before, indentWidth, w - indentWidth - cw)
            : undefined;
          if (carried) push(carried);
        }
        push({ ...piece, text: ch });
      }
    }
  }
  trimTrailingSpace(row);
  rows.push(row);
  return rows;
}

/**
 * Removes the last grapheme of `row` and returns it with its style, when it is at most `room`
 * cells wide and the row keeps more than its `indentWidth` without it.
 */
function takeLast(row: Line, indentWidth: number, room: number): Span | undefined {
  const span = row[row.length - 1];
  if (!span) return undefined;
  const chars = graphemes(span.text);
  const last = chars[chars.length - 1]!;
  const lastWidth = graphemeWidth(last);
  if (lastWidth > room || lineWidth(row) - lastWidth <= indentWidth) return undefined;
  span.text = chars.slice(0, -1).join('');
  if (span.text === '') row.pop();
  return { ...span, text: last };
}

function trimTrailingSpace(row: Line): void {
  const last = row[row.length - 1];
  if (last && last.text.endsWith(' ') && row.length > 0) {
    last.text = last.text.replace(/ +$/, '');
    if (last.text === '') row.pop();
  }
}

/** Wraps a plain multi-line string in one style. */
export function wrapText(text: string, width: number, style?: SpanStyle, indent = ''): Line[] {
  return text.split('\n').flatMap((part) => wrapSpans([{ text: part, style }], width, indent));
}

/**
 * Wraps a hint of `a · b · c` pieces to `width`, breaking only between pieces (a piece wider than
 * a row wraps at its spaces), so that no key is parted from what it does; continuation rows start
 * with `indent`.
 */
export function wrapPieces(text: string, width: number, style?: SpanStyle, indent = ''): Line[] {
  const rows: string[] = [];
  let row = '';
  for (const piece of text.split(' · ')) {
    const joined = row === '' ? piece : `${row} · ${piece}`;
    if (row === '' || stringWidth(joined) <= width) row = joined;
    else {
      rows.push(row);
      row = indent + piece;
    }
  }
  rows.push(row);
  return rows.flatMap((text) => wrapSpans([{ text, style }], width, indent));
}
