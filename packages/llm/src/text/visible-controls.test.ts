import fc from 'fast-check';
import {
  controlNotation,
  parseControlNotation,
  showControls,
  splitControls,
} from './visible-controls';

/** What a reader of the marked notation reconstructs. */
function decode(text: string): string {
  return splitControls(text)
    .map((piece) => piece.text)
    .join('');
}

describe('splitControls', () => {
  it('marks escapes, bidi controls, zero-width characters and lone surrogates, losing nothing', () => {
    const text = 'echo hi\x1b]0;t\x07\ntouch M\u202e\u200bx\ud800 日本 🙂';
    const pieces = splitControls(text);
    expect(pieces.filter((p) => p.control).map((p) => controlNotation(p.text))).toEqual([
      '\\x1b',
      '\\x07',
      '\\u202e',
      '\\u200b',
      '\\ud800',
    ]);
    expect(decode(text)).toBe(text);
    expect(pieces.find((p) => !p.control && p.text.includes('🙂'))).toBeDefined();
  });

  it('round-trips any string through its notation', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 80 }), (text) => {
        const pieces = splitControls(text);
        const rebuilt = pieces
          .map((p) => (p.control ? parseControlNotation(controlNotation(p.text)) : p.text))
          .join('');
        expect(rebuilt).toBe(text);
        for (const piece of pieces.filter((p) => !p.control)) {
          expect(piece.text).not.toMatch(/[\x00-\x09\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]/);
        }
      }),
      { numRuns: 1000 },
    );
  });
});

describe('showControls', () => {
  it('writes hidden characters and newlines as notation on one line', () => {
    expect(showControls('evil\x1b]0;T\x07.txt\nx\ty')).toBe('evil\\x1b]0;T\\x07.txt\\nx\\ty');
  });
});
