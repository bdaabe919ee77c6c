import { lineText } from '../text/line';
import { FOLD_LINES, renderSegment } from './render-segment';

describe('folded output and diffs', () => {
  it('count what is left out in the right number', () => {
    const output = (extra: number) =>
      renderSegment(
        {
          kind: 'output',
          text: Array.from({ length: FOLD_LINES + extra }, (_, i) => `l${i}`).join('\n'),
          folded: true,
        },
        40,
      ).map(lineText);
    expect(output(1).at(-1)).toBe('    … 1 more line');
    expect(output(14).at(-1)).toBe('    … 14 more lines');
  });
});

describe('a finished command', () => {
  const command = (title: string, width: number) =>
    renderSegment(
      { kind: 'tool', id: 'c1', name: 'run_shell', title, state: 'ok', outcome: 'exit 0 · 0.1 s' },
      width,
    ).map(lineText);

  it('is one row when it fits: the command, then how it ended', () => {
    expect(command('$ echo hi', 40)).toEqual(['✓ $ echo hi · exit 0 · 0.1 s']);
  });

  it('too long for the row, is a block below the row that says how it ended', () => {
    const rows = command(`$ echo ${'long '.repeat(12).trim()}`, 40);
    expect(rows[0]).toBe('✓ exit 0 · 0.1 s');
    expect(rows.slice(1).join('')).not.toContain('exit 0');
    expect(rows[1]).toMatch(/^ {2}1 │ \$ echo long/);
  });
});

describe('an info message', () => {
  it('wraps an indented line under its own text, and a heading at column 0', () => {
    const rows = renderSegment(
      { kind: 'info', text: `Kept 1 decision for this project:\n  ${'word '.repeat(12).trim()}` },
      30,
    ).map(lineText);
    expect(rows[0]).toBe('Kept 1 decision for this');
    expect(rows[1]).toBe('project:');
    expect(rows.slice(3).every((row) => row.startsWith('    word'))).toBe(true);
  });
});
