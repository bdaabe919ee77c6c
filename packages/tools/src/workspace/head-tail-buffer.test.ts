import { boundText } from './head-tail-buffer';

describe('boundText', () => {
  it('keeps short text whole and long text to its head and tail', () => {
    expect(boundText('short', 10, 10)).toBe('short');
    const bounded = boundText('a'.repeat(10) + 'b'.repeat(100) + 'c'.repeat(10), 10, 10);
    expect(bounded).toBe(
      `${'a'.repeat(10)}\n\n[... 100 bytes of output omitted ...]\n\n${'c'.repeat(10)}`,
    );
  });
});
