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
