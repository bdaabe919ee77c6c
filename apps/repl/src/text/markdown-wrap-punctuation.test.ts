import { lineText, lineWidth } from './line';
import { renderMarkdown } from './markdown';

/** Rows of `md` at every width from `from` to `to`, each checked to fit its width. */
function rowsAtEveryWidth(md: string, from: number, to: number): Array<[number, string[]]> {
  const out: Array<[number, string[]]> = [];
  for (let width = from; width <= to; width++) {
    const rows = renderMarkdown(md, width);
    for (const row of rows) expect(lineWidth(row)).toBeLessThanOrEqual(width);
    out.push([width, rows.map(lineText)]);
  }
  return out;
}

const CLOSING = /^[,.;:!?)\]}，。、；：！？）」』】]/;

describe('wrapping after an inline code span', () => {
  it('keeps the comma with the code span before it (the trial: "use `pnpm test`, then run")', () => {
    const rows = renderMarkdown('use `pnpm test`, then run', 13).map(lineText);
    expect(rows).toEqual(['use pnpm', 'test, then', 'run']);
  });

  it.each([',', '.', ';', ':', '!', '?', ')', ']'])(
    'never starts a row with %s that follows a code span, at any width',
    (mark) => {
      const md = `(the step \`pnpm test\`${mark} then \`x\`${mark} and **bold**${mark} done`;
      for (const [width, rows] of rowsAtEveryWidth(md, 6, 50)) {
        for (const row of rows)
          expect([width, row]).toEqual([width, expect.not.stringMatching(CLOSING)]);
        expect(rows.join(' ').replace(/\s+/g, ' ')).toBe(
          `(the step pnpm test${mark} then x${mark} and bold${mark} done`,
        );
      }
    },
  );

  it('keeps punctuation with a code span too long for a row, which is broken inside instead', () => {
    // 32 cells before the full stop: at widths 8 and 16 a hard break falls right before it.
    const md = 'see `a-very-long-identifier-names`. next';
    for (const [width, rows] of rowsAtEveryWidth(md, 6, 30)) {
      for (const row of rows)
        expect([width, row]).toEqual([width, expect.not.stringMatching(CLOSING)]);
      expect(rows.join('')).toContain('names.');
    }
  });

  it('measures wide characters: CJK and emoji around code spans still fit and keep their marks', () => {
    const md = '请运行 `pnpm test`，然后提交 🎉 `日本語`！ 好';
    for (const [width, rows] of rowsAtEveryWidth(md, 4, 40)) {
      for (const row of rows)
        expect([width, row]).toEqual([width, expect.not.stringMatching(CLOSING)]);
      expect(rows.join('').replace(/ /g, '')).toBe('请运行pnpmtest，然后提交🎉日本語！好');
    }
  });
});
