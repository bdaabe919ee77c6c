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

/**
 * Wraps styled spans to `width` cells, breaking at spaces where possible and hard-breaking
 * long words. `indent` is prefixed to continuation rows. Input text must not contain newlines.
 */
export function wrapSpans(spans: Span[], width: number, indent = ''): Line[] {
  const w = Math.max(1, width);
  const indentWidth = stringWidth(indent);
  const rows: Line[] = [];
  let row: Line = [];
  let used = 0;
  const push = (text: string, style: SpanStyle | undefined, link: string | undefined) => {
    if (text === '') return;
    const last = row[row.length - 1];
    if (last && last.style === style && last.link === link) last.text += text;
    else row.push(link === undefined ? { text, style } : { text, style, link });
  };
  const newRow = () => {
    trimTrailingSpace(row);
    rows.push(row);
    row = indent ? [{ text: indent, style: 'dim' }] : [];
    used = indentWidth;
  };
  for (const span of spans) {
    const tokens = span.text.split(/( +)/);
    for (const token of tokens) {
      if (token === '') continue;
      const tokenWidth = stringWidth(token);
      if (used + tokenWidth <= w) {
        push(token, span.style, span.link);
        used += tokenWidth;
        continue;
      }
      if (token.startsWith(' ')) {
        newRow();
        continue;
      }
      if (tokenWidth <= w - indentWidth && used > indentWidth) {
        newRow();
        push(token, span.style, span.link);
        used += tokenWidth;
        continue;
      }
      for (const ch of graphemes(token)) {
        const cw = graphemeWidth(ch);
        if (used + cw > w && used > indentWidth) newRow();
        push(ch, span.style, span.link);
        used += cw;
      }
    }
  }
  trimTrailingSpace(row);
  rows.push(row);
  return rows;
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
