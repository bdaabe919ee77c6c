import type { Tokens } from 'marked';
import { plain, wrapSpans, type Line, type Span } from './line';
import { inlineLines } from './markdown-inline';
import { stringWidth } from './width';

type Align = 'left' | 'right' | 'center' | null;

/**
 * A Markdown table as an aligned, boxed table within `width` cells. Columns get their natural
 * width when it fits; otherwise the widest columns shrink and their cells wrap onto more rows.
 */
export function renderTable(table: Tokens.Table, width: number): Line[] {
  const header = table.header.map((cell) => cellSpans(cell.tokens));
  const body = table.rows.map((row) => row.map((cell) => cellSpans(cell.tokens)));
  const columns = header.length;
  const natural = header.map((_, c) =>
    Math.max(1, ...[header, ...body].map((row) => spansWidth(row[c] ?? []))),
  );
  const widths = fit(natural, width - (columns * 3 + 1));
  const align = table.align as Align[];
  const rule = (left: string, mid: string, right: string): Line =>
    plain(left + widths.map((w) => '─'.repeat(w + 2)).join(mid) + right, 'dim');
  const rows: Line[] = [rule('┌', '┬', '┐')];
  const addRow = (cells: Span[][], bold: boolean): void => {
    const wrapped = widths.map((w, c) =>
      wrapSpans(
        (cells[c] ?? []).map((span) => (bold ? { ...span, style: span.style ?? 'bold' } : span)),
        w,
      ),
    );
    const height = Math.max(...wrapped.map((cell) => cell.length));
    for (let r = 0; r < height; r++) {
      const line: Line = [{ text: '│', style: 'dim' }];
      wrapped.forEach((cell, c) => {
        const content = cell[r] ?? [];
        const free = widths[c]! - spansWidth(content);
        const a = align[c] ?? null;
        const left = a === 'right' ? free : a === 'center' ? Math.floor(free / 2) : 0;
        line.push({ text: ` ${' '.repeat(left)}` }, ...content);
        line.push({ text: `${' '.repeat(free - left)} ` }, { text: '│', style: 'dim' });
      });
      rows.push(line);
    }
  };
  addRow(header, true);
  rows.push(rule('├', '┼', '┤'));
  for (const row of body) addRow(row, false);
  rows.push(rule('└', '┴', '┘'));
  return rows;
}

function cellSpans(tokens: Tokens.TableCell['tokens']): Span[] {
  return inlineLines(tokens).flatMap((line, index) =>
    index === 0 ? line : [{ text: ' ' }, ...line],
  );
}

function spansWidth(spans: Span[]): number {
  return spans.reduce((sum, span) => sum + stringWidth(span.text), 0);
}

/** Column widths that fit `available` cells: the widest columns give way first (min 3). */
function fit(natural: number[], available: number): number[] {
  const widths = [...natural];
  const floor = Math.max(1, Math.min(3, Math.floor(available / Math.max(1, widths.length))));
  let excess = widths.reduce((a, b) => a + b, 0) - Math.max(available, floor * widths.length);
  while (excess > 0) {
    const widest = Math.max(...widths);
    if (widest <= floor) break;
    const index = widths.indexOf(widest);
    const second = Math.max(floor, ...widths.filter((_, i) => i !== index));
    const cut = Math.min(excess, Math.max(1, widest - second));
    widths[index] = widest - cut;
    excess -= cut;
  }
  return widths;
}
