import { wrapSpans, lineText, lineWidth } from './line';
import { sanitize } from './sanitize';

describe('sanitize', () => {
  it('removes colour, cursor movement, OSC titles and C1 controls but keeps the text', () => {
    const hostile =
      'a\x1b[31mred\x1b[0m b\x1b[2J\x1b[H c\x1b]0;pwned\x07 d\x9b31m e\x1bPdcs\x1b\\ f\x07\x08';
    expect(sanitize(hostile)).toBe('ared b c d e f');
  });

  it('keeps newlines, turns CR and tabs into something harmless, drops bidi overrides', () => {
    expect(sanitize('one\r\ntwo\rthree\tx\u202eevil')).toBe('one\ntwo\nthree    xevil');
  });

  it('leaves ordinary text (including braces and unicode) untouched', () => {
    expect(sanitize('{red-fg} 日本 ✓')).toBe('{red-fg} 日本 ✓');
  });
});

describe('wrapSpans', () => {
  it('breaks at spaces and never exceeds the width', () => {
    const rows = wrapSpans([{ text: 'the quick brown fox jumps over the lazy dog' }], 12);
    expect(rows.map(lineText)).toEqual(['the quick', 'brown fox', 'jumps over', 'the lazy dog']);
  });

  it('hard-breaks long words and counts wide characters as two cells', () => {
    const rows = wrapSpans([{ text: 'abcdefghij 日本語日本語' }], 4);
    expect(rows.every((row) => lineWidth(row) <= 4)).toBe(true);
    expect(rows.map(lineText).join('')).toBe('abcdefghij日本語日本語');
  });
});
