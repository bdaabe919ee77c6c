import { lineWidth, plain, type Line } from '../text/line';
import { graphemes } from '../text/width';

/** Keeps the first `max` rows, ending the last kept one with an ellipsis when rows were cut. */
export function clampRows(rows: Line[], max: number, width: number): Line[] {
  if (rows.length <= max) return rows;
  const kept = rows.slice(0, Math.max(1, max)).map((row) => row.map((span) => ({ ...span })));
  const last = kept[kept.length - 1]!;
  while (last.length > 0 && lineWidth(last) + 1 > width) {
    const span = last[last.length - 1]!;
    span.text = graphemes(span.text).slice(0, -1).join('');
    if (span.text === '') last.pop();
  }
  last.push({ text: '…', style: 'dim' });
  return kept;
}

/** A window of `max` rows out of `rows` that contains row `keep`. */
export function windowAround(rows: Line[], max: number, keep: number): Line[] {
  if (rows.length <= max) return rows;
  const start = Math.min(Math.max(0, keep - max + 1), rows.length - max);
  return rows.slice(start, start + max);
}

/**
 * The shown rows of a selected option cut to the card: a row whose start is hidden above begins
 * with `❯ ↑`, so the selection stays marked, and one with more below with `  ↓` (a single row
 * with both, `❯ ↕`). They take the place of the continuation indent (a block's first row starts
 * with its marker, not an indent).
 */
function markCut(rows: Line[], above: boolean, below: boolean): Line[] {
  const marked = rows.map((row) => [...row]);
  const mark = (index: number, text: string): void => {
    const row = marked[index];
    const first = row?.[0];
    // The indent may share its span with text of the same style (a dim `(recommended)`).
    const indent = /^ */.exec(first?.text ?? '')![0];
    if (!row || !first || indent.length < text.length) return;
    const rest = first.text.slice(indent.length);
    row.splice(0, 1, { text: text.padEnd(indent.length), style: 'accent' });
    if (rest) row.splice(1, 0, { ...first, text: rest });
  };
  // One row cut on both sides (a card of a few rows) keeps the selection mark too.
  if (above && below && marked.length === 1) mark(0, '❯ ↕');
  else {
    if (below) mark(marked.length - 1, '  ↓');
    if (above) mark(0, '❯ ↑');
  }
  return marked;
}

export interface OptionBlocks {
  /** Wrapped rows of each option row (the free-form row last). */
  blocks: Line[][];
  selected: number;
  /** Row of the selected block that must stay visible (the caret while editing). */
  focus: number;
  /** First row of the selected block shown when it is cut (PgUp/PgDn); overrides `focus`. */
  top?: number;
}

/** Rows the selected block gets out of `room` (less the `N more` rows its neighbours need). */
export function selectedRoom(input: OptionBlocks, room: number): number {
  const n = input.blocks.length;
  const indicators = (input.selected > 0 ? 1 : 0) + (input.selected < n - 1 ? 1 : 0);
  return Math.max(1, room - indicators);
}

/** The option rows shown in a card, and how many options are hidden above and below. */
export interface OptionWindow {
  rows: Line[];
  above: number;
  below: number;
}

/**
 * Chooses which option blocks fit into `room` rows: the selected block (cut to what is left, its
 * focus row kept), then its neighbours, alternating below and above, each a whole block.
 * `indicatorRows`: whether a row is kept for each `N more` count (else the caller shows them).
 */
function chooseOptions(input: OptionBlocks, room: number, indicatorRows: boolean): OptionWindow {
  const { blocks, selected } = input;
  const n = blocks.length;
  const indicators = (lo: number, hi: number) =>
    indicatorRows ? (lo > 0 ? 1 : 0) + (hi < n - 1 ? 1 : 0) : 0;
  const own = indicatorRows ? selectedRoom(input, room) : Math.max(1, room);
  const block = blocks[selected]!;
  const top = Math.min(Math.max(0, input.top ?? 0), Math.max(0, block.length - own));
  const start =
    block.length <= own
      ? 0
      : input.top === undefined
        ? Math.min(Math.max(0, input.focus - own + 1), block.length - own)
        : top;
  const chosen = markCut(block.slice(start, start + own), start > 0, start + own < block.length);
  let lo = selected;
  let hi = selected;
  let used = chosen.length;
  for (let turn = 0, stuck = 0; stuck < 2; turn++) {
    const below = turn % 2 === 0;
    const next = below ? hi + 1 : lo - 1;
    const inside = next >= 0 && next < n;
    const cost = inside ? blocks[next]!.length : 0;
    const nlo = below ? lo : next;
    const nhi = below ? next : hi;
    if (inside && used + cost + indicators(nlo, nhi) <= room) {
      lo = nlo;
      hi = nhi;
      used += cost;
      stuck = 0;
    } else stuck++;
  }
  const rows: Line[] = [];
  for (let i = lo; i <= hi; i++) rows.push(...(i === selected ? chosen : blocks[i]!));
  return { rows, above: lo, below: n - 1 - hi };
}

/**
 * Chooses which option blocks fit into `room` rows when not all do (see `chooseOptions`). Hidden
 * blocks are counted by `↑ N more` / `↓ N more` rows.
 */
export function fitOptions(
  input: OptionBlocks,
  room: number,
  more: (count: number, up: boolean) => Line,
): Line[] {
  const { rows, above, below } = chooseOptions(input, room, true);
  return [
    ...(above > 0 ? [more(above, true)] : []),
    ...rows,
    ...(below > 0 ? [more(below, false)] : []),
  ];
}

/**
 * The options that fit into all of `room` rows, for a card too small for `N more` rows: it shows
 * the counts of hidden ones elsewhere (its border). At least the selected row is shown.
 */
export function windowOptions(input: OptionBlocks, room: number): OptionWindow {
  return chooseOptions(input, room, false);
}

/**
 * A bordered card's row: `row` (which brings its own left padding) filled to `inner` cells, then
 * one column of padding before the right border.
 */
export function boxedRow(row: Line, inner: number): Line {
  const pad = ' '.repeat(Math.max(0, inner - lineWidth(row)) + 1);
  return [{ text: '│', style: 'accent' }, ...row, { text: pad }, { text: '│', style: 'accent' }];
}

/** The bottom border of a card `width` wide with the hidden options counted: `╰─ ↓ 2 more ──╯`. */
export function countedBottomRule(above: number, below: number, width: number): Line {
  const counts = [above > 0 ? `↑ ${above}` : '', below > 0 ? `↓ ${below}` : ''].filter(Boolean);
  const label = counts.length > 0 ? ` ${counts.join(' · ')} more ` : '';
  const rest = width - 3 - label.length;
  if (!label || rest < 1) return plain(`╰${'─'.repeat(Math.max(0, width - 2))}╯`, 'accent');
  return [
    { text: '╰─', style: 'accent' },
    { text: label, style: 'dim' },
    { text: `${'─'.repeat(rest)}╯`, style: 'accent' },
  ];
}
