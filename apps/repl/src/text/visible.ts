import { controlNotation, splitControls } from '@agent/llm/text';
import type { Line, Span, SpanStyle } from './line';
import { stringWidth } from './width';

/**
 * Text the person approves (a command, a path, a diff line) shown exactly: every character,
 * every line, nothing trimmed, cut or cleaned. Hidden characters (escapes, other controls, bidi
 * and zero-width characters) appear as their notation (`\x1b`, `\u202e`) in the `control`
 * style, so the shown text decodes back to the text that runs.
 */
export function visibleSpans(text: string, style?: SpanStyle): Span[] {
  return splitControls(text).map((piece) =>
    piece.control
      ? { text: controlNotation(piece.text), style: 'control' }
      : { text: piece.text, style },
  );
}

let graphemes: Intl.Segmenter | undefined;

/**
 * Hard-wraps spans to `width` cells keeping every character (spaces included) in order:
 * breaks fall between grapheme clusters, and a control notation is never split.
 */
export function wrapExact(spans: Span[], width: number): Line[] {
  const w = Math.max(1, width);
  graphemes ??= new Intl.Segmenter(undefined, { granularity: 'grapheme' });
  const rows: Line[] = [];
  let row: Line = [];
  let used = 0;
  const put = (text: string, cells: number, style: SpanStyle | undefined): void => {
    if (used + cells > w && used > 0) {
      rows.push(row);
      row = [];
      used = 0;
    }
    const last = row[row.length - 1];
    if (last && last.style === style) last.text += text;
    else row.push({ text, style });
    used += cells;
  };
  for (const span of spans) {
    if (span.style === 'control') {
      put(span.text, stringWidth(span.text), span.style);
      continue;
    }
    for (const { segment } of graphemes.segment(span.text)) {
      put(segment, stringWidth(segment), span.style);
    }
  }
  rows.push(row);
  return rows;
}

/**
 * Rows showing `text` exactly within `width` cells. Text that fits on one row is that row;
 * otherwise every row starts with a gutter holding the line number on a line's first row and
 * nothing on the rows it wraps onto, so real line breaks and wrapping can be told apart.
 */
export function exactRows(text: string, width: number, style?: SpanStyle): Line[] {
  const lines = text.split('\n');
  if (lines.length === 1) {
    const single = wrapExact(visibleSpans(text, style), width);
    if (single.length === 1) return single;
  }
  const digits = String(lines.length).length;
  const inner = Math.max(6, width - digits - 3);
  const rows: Line[] = [];
  lines.forEach((line, index) => {
    wrapExact(visibleSpans(line, style), inner).forEach((row, part) => {
      const number = part === 0 ? String(index + 1).padStart(digits) : ' '.repeat(digits);
      rows.push([{ text: `${number} │ `, style: 'dim' }, ...row]);
    });
  });
  return rows;
}

/**
 * `label` followed by `text` shown exactly: on the label's row when it fits there, else on the
 * rows below it, indented by `indent` cells.
 */
export function labelled(
  label: Span[],
  text: string,
  width: number,
  style?: SpanStyle,
  indent = 2,
): Line[] {
  const labelWidth = label.reduce((sum, span) => sum + stringWidth(span.text), 0);
  const inline = exactRows(text, width - labelWidth, style);
  if (inline.length === 1 && !text.includes('\n')) return [[...label, ...inline[0]!]];
  const pad = ' '.repeat(indent);
  return [label, ...exactRows(text, width - indent, style).map((row) => [{ text: pad }, ...row])];
}
