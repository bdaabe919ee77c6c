import { rowCells, type Cell } from '../text/cells';
import type { Line, SpanStyle } from '../text/line';
import { PALETTE, type Look } from '../text/palette';

/** blessed's cell buffer: rows of `[attribute, text]`, a row marked dirty when it changed. */
export type CellRows = Array<Array<[number, string]> & { dirty?: boolean }>;

/** blessed attribute words: flags << 18 | foreground << 9 | background (0x1ff = default). */
const DEFAULT = 0x1ff;
function attribute(look: Look): number {
  const flags = (look.bold ? 1 : 0) | (look.underline ? 2 : 0) | (look.inverse ? 8 : 0);
  return (flags << 18) | ((look.fg ?? DEFAULT) << 9) | (look.bg ?? DEFAULT);
}

const ATTRS = Object.fromEntries(
  Object.entries(PALETTE).map(([style, look]) => [style, attribute(look)]),
) as Record<SpanStyle, number>;

// eslint-disable-next-line @typescript-eslint/no-require-imports
const blessedUnicode = require('blessed/lib/unicode') as { charWidth(code: number): number };

/**
 * Whether a one-cell cluster is written as is: a single UTF-16 unit (no surrogate pair, no
 * combining sequence) that blessed's own table also measures as one cell.
 */
function plainCell(text: string): boolean {
  if (text.length !== 1) return false;
  const code = text.charCodeAt(0);
  if (code >= 0x20 && code < 0x7f) return true;
  return code >= 0xa0 && blessedUnicode.charWidth(code) === 1;
}

/**
 * What blessed writes for a cell at column `x`. Terminals disagree about the width of some
 * clusters (tmux 3.3 draws 🏳️‍🌈 in one cell, others in two; xterm.js's default table knows no
 * emoji after Unicode 6; skin tones and VS16 are measured as the terminal answered, see
 * width-probe.ts), and blessed's fullUnicode mode measures with its own outdated table
 * and then skips the cell after anything it believes wide. So every cell that is not a plain
 * narrow character is written with absolute column moves (CHA), whatever width the terminal gave
 * the cluster: a wide cluster first clears both of its cells, so a terminal that draws it narrow
 * leaves a blank, never a stale character.
 *
 * Each cell leaves the cursor at the next cell, as blessed assumes: it moves over unchanged cells
 * relatively (CUF) from the last cell it wrote. So a wide cluster leaves the cursor on its filler
 * cell, and the filler moves it past itself; were the cluster to jump past its filler, an
 * unchanged filler (one wide character replaced by another) would put everything after it one
 * column to the right, over stale cells. The sequence starts with a space or ESC, which blessed
 * never takes for a wide character.
 */
export function cellText(cell: Cell, x: number): string {
  const column = x + 1;
  if (cell.width === 0) return `\x1b[${column + 1}G`;
  let text = cell.text;
  if (cell.link) text = `\x1b]8;;${cell.link}\x1b\\${text}\x1b]8;;\x1b\\`;
  else if (cell.width === 1 && plainCell(text)) return text;
  const clear = cell.width > 1 ? ' '.repeat(cell.width) : '';
  return `${clear}\x1b[${column}G${text}\x1b[${column + 1}G`;
}

/**
 * Writes `rows` into blessed's buffer from row `top`, `height` rows of `width` cells (rows past
 * the end of `rows` are cleared). Only cells that change are touched, so blessed redraws only
 * what differs.
 */
export function paintRows(
  lines: CellRows,
  rows: readonly Line[],
  top: number,
  height: number,
  width: number,
): void {
  for (let y = 0; y < height; y++) {
    const target = lines[top + y];
    if (!target) return;
    const cells = rowCells(rows[y] ?? [], Math.min(width, target.length));
    for (let x = 0; x < cells.length; x++) {
      const cell = cells[x]!;
      const attribute = ATTRS[cell.style ?? 'plain'];
      const text = cellText(cell, x);
      const old = target[x]!;
      if (old[0] !== attribute || old[1] !== text) {
        old[0] = attribute;
        old[1] = text;
        target.dirty = true;
      }
    }
  }
}
