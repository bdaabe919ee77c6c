import { placeholderText, suggestionRows } from './bottom-panel';

describe('the bottom panel', () => {
  it('shows whole parts of the placeholder that fit, never a cut word', () => {
    expect(placeholderText(100)).toBe(
      'Type a message · / for commands · Enter sends · Ctrl+J newline',
    );
    expect(placeholderText(57)).toBe('Type a message · / for commands · Enter sends');
    expect(placeholderText(20)).toBe('Type a message');
    expect(placeholderText(8)).toBe('Type a m');
  });

  it('gives the / menu a third of the screen, 4 to 12 rows', () => {
    expect([10, 16, 24, 36, 80].map(suggestionRows)).toEqual([4, 5, 8, 12, 12]);
  });
});
