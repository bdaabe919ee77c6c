import { applyMention, MentionCycle, mentionAt, rankPaths } from './mention-completion';

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

  it('cycles through the matches while the prompt is as the last completion left it', () => {
    const cycle = new MentionCycle();
    const paths = ['src/main.ts', 'src/mail.ts', 'src/math.ts'];
    const first = applyMention('see @src/ma now', 4, 11, paths[0]!);
    cycle.begin(paths, 4, first.text, first.cursor);
    const second = cycle.step(first.text, first.cursor, 1)!;
    expect(second).toEqual({ text: 'see @src/mail.ts now', cursor: 17, index: 1, count: 3 });
    const third = cycle.step(second.text, second.cursor, 1)!;
    expect(third.text).toBe('see @src/math.ts now');
    expect(cycle.step(third.text, third.cursor, 1)!.text).toBe('see @src/main.ts now');
    expect(cycle.step('see @src/main.ts now', 17, -1)!.text).toBe('see @src/math.ts now');
    // An edit ends the cycle for good.
    expect(cycle.step('see @src/math.ts xnow', 18, 1)).toBeUndefined();
    expect(cycle.step('see @src/math.ts now', 17, 1)).toBeUndefined();
    cycle.begin(['only.ts'], 0, '@only.ts ', 9);
    expect(cycle.step('@only.ts ', 9, 1)).toBeUndefined();
  });
});
