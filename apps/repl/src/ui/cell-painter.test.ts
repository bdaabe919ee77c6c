import { rowCells } from '../text/cells';
import { cellText, paintRows, type CellRows } from './cell-painter';

/** blessed's default attribute: default colours, no flags. */
const DEFAULT_ATTR = (0x1ff << 9) | 0x1ff;
const blank = (width: number, height: number): CellRows =>
  Array.from({ length: height }, () =>
    Array.from({ length: width }, () => [DEFAULT_ATTR, ' '] as [number, string]),
  );

describe('the cell painter', () => {
  it('writes a zero-width joiner only inside an emoji sequence, so the terminal keeps the measured width (issue 25)', () => {
    const cells = rowCells([{ text: 'x\u200d💻|' }], 6);
    expect(cells.map((cell) => cell.text)).toEqual(['x', '💻', '', '|', ' ', ' ']);
    const family = rowCells([{ text: '👩\u200d💻|' }], 4);
    expect(family.map((cell) => cell.text)).toEqual(['👩\u200d💻', '', '|', ' ']);
  });

  it('gives a wide cluster its cell and a filler, padding the row to its width', () => {
    const cells = rowCells([{ text: 'a🦀b日' }], 8);
    expect(cells.map((c) => c.text)).toEqual(['a', '🦀', '', 'b', '日', '', ' ', ' ']);
    expect(rowCells([{ text: 'abc日' }], 4).map((c) => c.text)).toEqual(['a', 'b', 'c', ' ']);
    expect(rowCells([{ text: 'x\u200dy' }], 3).map((c) => c.text)).toEqual(['x\u200d', 'y', ' ']);
  });

  it('writes wide and combined clusters with column moves, plain characters as they are', () => {
    expect(cellText({ text: 'a', width: 1 }, 0)).toBe('a');
    expect(cellText({ text: '─', width: 1 }, 4)).toBe('─');
    expect(cellText({ text: 'e\u0301', width: 1 }, 0)).toBe('\x1b[1Ge\u0301\x1b[2G');
    // blessed expects the cursor on the next cell after each one, the filler included.
    expect(cellText({ text: '🦀', width: 2 }, 4)).toBe('  \x1b[5G🦀\x1b[6G');
    expect(cellText({ text: '', width: 0 }, 5)).toBe('\x1b[7G');
    // A character our table measures wide is never written bare, whatever blessed's table says.
    expect(cellText({ text: '\u231a', width: 2 }, 0)).toBe('  \x1b[1G\u231a\x1b[2G');
    expect(cellText({ text: 'x', width: 1, link: 'https://a.b/' }, 2)).toBe(
      '\x1b[3G\x1b]8;;https://a.b/\x1b\\x\x1b]8;;\x1b\\\x1b[4G',
    );
  });

  it('paints blessed tag syntax in model text as the characters it is, in one style', () => {
    const lines = blank(16, 1);
    paintRows(lines, [[{ text: '{bold}x{/bold}', style: 'error' }]], 0, 1, 16);
    expect(lines[0]!.map((cell) => cell[1]).join('')).toBe('{bold}x{/bold}  ');
    expect(new Set(lines[0]!.slice(0, 14).map((cell) => cell[0])).size).toBe(1);
  });

  it('marks only the rows that change', () => {
    const lines = blank(6, 2);
    paintRows(lines, [[{ text: 'hi', style: 'bold' }]], 0, 2, 6);
    expect(lines[0]!.dirty).toBe(true);
    expect(lines[1]!.dirty).toBeUndefined();
    expect(lines[0]!.slice(0, 3).map((cell) => cell[1])).toEqual(['h', 'i', ' ']);
    expect(lines[0]![0]![0]).not.toBe(lines[0]![2]![0]);
    lines[0]!.dirty = false;
    paintRows(lines, [[{ text: 'hi', style: 'bold' }]], 0, 2, 6);
    expect(lines[0]!.dirty).toBe(false);
  });
});
