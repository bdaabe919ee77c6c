import { graphemeWidth, graphemes } from '../text/width';

/** Rows of the input box for a width, with where the cursor sits. */
export interface InputLayout {
  rows: string[];
  cursorRow: number;
  cursorCol: number;
  /** Where each row starts in the text (UTF-16 offsets). */
  starts: number[];
}

/**
 * `text` wrapped to `width` cells (hard wrap, a cluster never split), the cursor placed. A
 * cursor at a wrap belongs to the row it starts; a cursor after a full last row gets an empty
 * row of its own, so the caret is never drawn past the edge.
 */
export function layoutInput(text: string, cursor: number, width: number): InputLayout {
  const w = Math.max(1, width);
  const rows: string[] = [];
  const starts: number[] = [];
  let cursorRow = 0;
  let cursorCol = 0;
  let offset = 0;
  for (const logical of text.split('\n')) {
    let row = '';
    let used = 0;
    let index = offset;
    let start = offset;
    const place = () => {
      if (index === cursor) {
        cursorRow = rows.length;
        cursorCol = used;
      }
    };
    const push = () => {
      rows.push(row);
      starts.push(start);
      row = '';
      used = 0;
      start = index;
    };
    for (const ch of graphemes(logical)) {
      place();
      const cw = graphemeWidth(ch);
      if (used + cw > w) {
        push();
        place();
      }
      row += ch;
      used += cw;
      index += ch.length;
    }
    place();
    if (used >= w && index === cursor) {
      push();
      cursorRow = rows.length;
      cursorCol = 0;
    }
    push();
    offset = index + 1;
  }
  return { rows, cursorRow, cursorCol, starts };
}

/**
 * The offset of the cell at `column` on row `row` of `layout` (of `text`), or the nearest before
 * it: a row shorter than `column` gives its end, except that the end of a row that wraps is the
 * start of the next one, so there its last cluster is taken.
 */
export function offsetAt(text: string, layout: InputLayout, row: number, column: number): number {
  const start = layout.starts[row]!;
  const clusters = graphemes(layout.rows[row]!);
  const wraps = row + 1 < layout.rows.length && text[layout.starts[row + 1]! - 1] !== '\n';
  let used = 0;
  let index = start;
  for (const [i, ch] of clusters.entries()) {
    if (used >= column) break;
    if (wraps && i === clusters.length - 1) break;
    used += graphemeWidth(ch);
    index += ch.length;
  }
  return index;
}
