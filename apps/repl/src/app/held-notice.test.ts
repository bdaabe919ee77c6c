import { stringWidth } from '../text/width';
import { backInInput } from './held-notice';

describe('backInInput', () => {
  it('says what came back, and fits an 80-column status line', () => {
    const cases = [
      { count: 1, more: 0, interrupted: true },
      { count: 2, more: 0, interrupted: true },
      { count: 1, more: 1, interrupted: true },
      { count: 9, more: 9, interrupted: true },
      { count: 9, more: 9, interrupted: false },
    ];
    expect(cases.map(backInInput)).toEqual([
      'Interrupted: your message is back in the input (Enter sends it).',
      'Interrupted: 2 messages are back in the input (Enter sends them).',
      'Interrupted: your message is back in the input (Enter sends it; 1 more held).',
      'Interrupted: 9 messages are back in the input (Enter sends them; 9 more held).',
      '9 held messages are back in the input (Enter sends them; 9 more held).',
    ]);
    // The status line starts with a space.
    for (const notice of cases.map(backInInput)) expect(stringWidth(notice)).toBeLessThan(80);
  });
});
