import { wheelRows } from './wheel';

describe('wheelRows', () => {
  it('reads a burst of three or more arrows as the wheel (alternate-scroll mode)', () => {
    expect(wheelRows('\x1bOB\x1bOB\x1bOB')).toBe(3);
    expect(wheelRows('\x1b[A\x1b[A\x1b[A\x1b[A\x1b[A')).toBe(-5);
    expect(wheelRows('\x1bOA\x1b[A\x1bOA')).toBe(-3);
  });

  it('leaves single and double presses, mixed arrows and other keys to the editor', () => {
    expect(wheelRows('\x1b[A')).toBeUndefined();
    expect(wheelRows('\x1b[A\x1b[A')).toBeUndefined();
    expect(wheelRows('\x1b[A\x1b[B\x1b[A')).toBeUndefined();
    expect(wheelRows('\x1b[A\x1b[A\x1b[Ax')).toBeUndefined();
    expect(wheelRows('abc')).toBeUndefined();
  });
});
