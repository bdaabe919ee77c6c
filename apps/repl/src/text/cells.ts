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

const PICTOGRAPH = /\p{Extended_Pictographic}/gu;
const STARTS_PICTOGRAPHIC = /^\p{Extended_Pictographic}/u;

/**
 * What a cluster is written as, given the cluster after it. A zero-width joiner that ends a
 * cluster which is no emoji sequence (`x` + ZWJ) before an emoji is left out: terminals join
 * that emoji onto the cell before it (tmux draws `x` ZWJ `💻` in one cell), so written as is
 * the row would take fewer cells than measured and shift what follows.
 */
function written(cluster: string, next: string | undefined): string {
  if (!cluster.endsWith('\u200d') || next === undefined || !STARTS_PICTOGRAPHIC.test(next)) {
    return cluster;
  }
  if ((cluster.match(PICTOGRAPH)?.length ?? 0) > 1) return cluster;
  return cluster.slice(0, -1);
}

/**
 * Exactly `width` cells for a row: one per narrow grapheme cluster, two per wide one (the
 * cluster, then a filler), spaces after the text. Zero-width clusters (a lone joiner or mark)
 * are dropped, and so is a joiner that joins no emoji (see `written`); a wide cluster that would cross the right edge becomes a space.
 */
export function rowCells(line: Line, width: number): Cell[] {
  const cells: Cell[] = [];
  for (const span of line) {
    if (cells.length >= width) break;
    const clusters = graphemes(span.text);
    for (const [index, cluster] of clusters.entries()) {
      const w = graphemeWidth(cluster);
      if (w === 0) continue;
      if (cells.length + w > width) {
        while (cells.length < width) cells.push({ text: ' ', width: 1, style: span.style });
        break;
      }
      const text = written(cluster, clusters[index + 1]);
      cells.push({ text, width: w, style: span.style, link: span.link });
      for (let i = 1; i < w; i++) cells.push({ text: '', width: 0, style: span.style });
    }
  }
  while (cells.length < width) cells.push(BLANK);
  return cells;
}
