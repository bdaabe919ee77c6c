import type { Line, SpanStyle } from './line';
import { graphemeWidth, graphemes } from './width';

/**
 * One terminal cell of a painted row. A wide cluster takes its cell and the next one, which
 * holds a filler (`text` '', `width` 0) that paints nothing.
 */
export interface Cell {
  text: string;
  width: number;
  style?: SpanStyle;
  /** A URL the cell links to (OSC 8), if any. */
  link?: string;
}

const BLANK: Cell = { text: ' ', width: 1 };

/**
 * Exactly `width` cells for a row: one per narrow grapheme cluster, two per wide one (the
 * cluster, then a filler), spaces after the text. Zero-width clusters (a lone joiner or mark)
 * are dropped; a wide cluster that would cross the right edge becomes a space.
 */
export function rowCells(line: Line, width: number): Cell[] {
  const cells: Cell[] = [];
  for (const span of line) {
    if (cells.length >= width) break;
    for (const cluster of graphemes(span.text)) {
      const w = graphemeWidth(cluster);
      if (w === 0) continue;
      if (cells.length + w > width) {
        while (cells.length < width) cells.push({ text: ' ', width: 1, style: span.style });
        break;
      }
      cells.push({ text: cluster, width: w, style: span.style, link: span.link });
      for (let i = 1; i < w; i++) cells.push({ text: '', width: 0, style: span.style });
    }
  }
  while (cells.length < width) cells.push(BLANK);
  return cells;
}
