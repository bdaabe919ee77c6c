import { applyMention, mentionAt, rankPaths } from './mention-completion';

describe('@ mention completion', () => {
  it('finds the @word before the cursor, not an e-mail address', () => {
    expect(mentionAt('look at @src/ma', 15)).toEqual({ start: 8, query: 'src/ma' });
    expect(mentionAt('@', 1)).toEqual({ start: 0, query: '' });
    expect(mentionAt('mail me@host', 12)).toBeUndefined();
    expect(mentionAt('@src/ma and more', 16)).toBeUndefined();
  });

  it('ranks path prefixes, then file names, then substrings, then fuzzy matches', () => {
    const paths = [
      'docs/main-notes.md',
      'src/main.ts',
      'src/math.ts',
      'lib/domain.ts',
      'x/sr_c/m_a.ts',
    ];
    expect(rankPaths(paths, 'src/ma')).toEqual(['src/main.ts', 'src/math.ts', 'x/sr_c/m_a.ts']);
    expect(rankPaths(paths, 'main')[0]).toBe('src/main.ts');
    expect(rankPaths(paths, 'zzz')).toEqual([]);
  });

  it('replaces the mention with the path and a space', () => {
    expect(applyMention('see @src/ma now', 4, 11, 'src/main.ts')).toEqual({
      text: 'see @src/main.ts now',
      cursor: 17,
    });
  });
});
