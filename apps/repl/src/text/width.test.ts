import {
  graphemes,
  isSimpleNarrow,
  middleTruncateToWidth,
  nextGraphemeLength,
  padEndToWidth,
  previousGraphemeLength,
  setTerminalWidths,
  sliceToWidth,
  stringWidth,
  truncateToWidth,
  widthGeneration,
} from './width';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { eastAsianWidth } = require('get-east-asian-width') as {
  eastAsianWidth(codePoint: number): number;
};

const FAMILY = '👨‍👩‍👧';
const FLAG = '🇯🇵';
const E_ACUTE = 'e\u0301';

describe('cell widths', () => {
  it('measures ASCII, CJK, emoji, ZWJ sequences, flags and combining marks', () => {
    expect(stringWidth('Rust docs')).toBe(9);
    expect(stringWidth('日本語')).toBe(6);
    expect(stringWidth('🦀')).toBe(2);
    expect(stringWidth(FAMILY)).toBe(2);
    expect(stringWidth(FLAG)).toBe(2);
    expect(stringWidth(`caf${E_ACUTE}`)).toBe(4);
    expect(stringWidth('Rust 🦀 with 日本語 docs')).toBe(24);
    expect(stringWidth('⧗ ❯ ⎿ … ─ │')).toBe(11);
  });

  it('takes the no-table fast path only for characters the table calls narrow and that never join', () => {
    const segmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' });
    let simple = 0;
    for (let cp = 0; cp <= 0xffff; cp++) {
      const ch = String.fromCharCode(cp);
      if (!isSimpleNarrow(ch)) continue;
      simple++;
      expect([cp, eastAsianWidth(cp)]).toEqual([cp, 1]);
      expect([cp, Array.from(segmenter.segment(`x${ch}${ch}y`)).length]).toEqual([cp, 4]);
      expect([cp, /\p{Default_Ignorable_Code_Point}|\p{Cc}|\p{Cf}/u.test(ch)]).toEqual([cp, false]);
    }
    expect(simple).toBeGreaterThan(1000);
    expect(isSimpleNarrow('─ › … · ⠋ ↓')).toBe(true);
    expect(isSimpleNarrow('❯')).toBe(false);
  });

  it('cuts text into grapheme clusters', () => {
    expect(graphemes(`a${FAMILY}b${FLAG}${E_ACUTE}`)).toEqual(['a', FAMILY, 'b', FLAG, E_ACUTE]);
    expect(graphemes('abc')).toEqual(['a', 'b', 'c']);
  });

  it('slices to a width without splitting a cluster or half a wide character', () => {
    expect(sliceToWidth('日本語', 5)).toBe('日本');
    expect(sliceToWidth(`ab${FAMILY}cd`, 3)).toBe('ab');
    expect(sliceToWidth(`ab${FAMILY}cd`, 4)).toBe(`ab${FAMILY}`);
    expect(sliceToWidth(`x${E_ACUTE}y`, 2)).toBe(`x${E_ACUTE}`);
    expect(truncateToWidth(`family ${FAMILY} trip`, 9)).toBe(`family ${'…'}`);
    expect(truncateToWidth(`family ${FAMILY} trip`, 10)).toBe(`family ${FAMILY}…`);
    expect(truncateToWidth('short', 10)).toBe('short');
    expect(padEndToWidth('日本', 6)).toBe('日本  ');
  });

  it('steps over whole clusters', () => {
    const text = `a${FAMILY}${FLAG}${E_ACUTE}`;
    expect(previousGraphemeLength(text, text.length)).toBe(E_ACUTE.length);
    expect(previousGraphemeLength(text, text.length - E_ACUTE.length)).toBe(FLAG.length);
    expect(previousGraphemeLength(text, 1 + FAMILY.length)).toBe(FAMILY.length);
    expect(nextGraphemeLength(text, 1)).toBe(FAMILY.length);
    expect(nextGraphemeLength(text, 0)).toBe(1);
    expect(nextGraphemeLength(text, text.length)).toBe(0);
    expect(previousGraphemeLength(text, 0)).toBe(0);
  });
});

describe('middleTruncateToWidth', () => {
  it('keeps the start and the end around …, never splitting a cluster', () => {
    expect(middleTruncateToWidth('write_file(demo-notes.md)', 25)).toBe(
      'write_file(demo-notes.md)',
    );
    expect(middleTruncateToWidth('write_file(demo-notes.md)', 15)).toBe('write_f…tes.md)');
    expect(middleTruncateToWidth('日本語のファイル名.md', 10)).toBe('日本…名.md');
    expect(middleTruncateToWidth('👍🏽👍🏽👍🏽👍🏽', 5)).toBe('👍🏽…👍🏽');
    expect(middleTruncateToWidth('abc', 1)).toBe('…');
    expect(middleTruncateToWidth('abc', 0)).toBe('');
  });
});

describe('widths that follow the terminal (trial finding 1)', () => {
  afterEach(() => setTerminalWidths());

  it('measures skin tones and VS16 as current terminals draw them, until told otherwise', () => {
    expect(stringWidth('👍🏽')).toBe(2);
    expect(stringWidth('👩🏽\u200d💻')).toBe(2);
    expect(stringWidth('❤️')).toBe(2);
  });

  it('counts a skin-tone modifier drawn apart as a wide character of its own', () => {
    const before = widthGeneration();
    setTerminalWidths({ skinToneApart: true, narrowPresentation: false });
    expect(widthGeneration()).not.toBe(before);
    expect(stringWidth('👍🏽')).toBe(4);
    expect(stringWidth('👩🏽\u200d💻')).toBe(4);
    expect(sliceToWidth('a👍🏽b', 3)).toBe('a');
    expect(graphemes('a👍🏽b')).toEqual(['a', '👍🏽', 'b']);
    expect(stringWidth('❤️ 👍 🇯🇵')).toBe(8);
  });

  it('leaves a narrow character narrow after VS16 where the terminal does, and a wide one wide', () => {
    setTerminalWidths({ skinToneApart: false, narrowPresentation: true });
    expect(stringWidth('❤️')).toBe(1);
    expect(stringWidth('👍\ufe0f')).toBe(2);
    expect(stringWidth('👍🏽')).toBe(2);
    const generation = widthGeneration();
    setTerminalWidths({ skinToneApart: false, narrowPresentation: true });
    expect(widthGeneration()).toBe(generation);
  });
});
