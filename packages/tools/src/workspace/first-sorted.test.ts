import { firstSorted } from './first-sorted';

/** Deterministic paths: some sharing long prefixes, some repeated, some beyond ASCII. */
function paths(count: number, seed: number): string[] {
  const names = ['a', 'b-c', 'b', 'é', '日本', '😀', 'Z', 'file-10', 'file-9', ''];
  const out: string[] = [];
  for (let index = 0; index < count; index++) {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    const depth = 1 + (seed % 4);
    const parts: string[] = [];
    for (let level = 0; level < depth; level++) {
      parts.push(names[(seed >> (level * 3)) % names.length]);
    }
    out.push(parts.join('/'));
  }
  return out;
}

describe('firstSorted', () => {
  const orders: Array<[string, (items: string[]) => string[]]> = [
    ['shuffled', (items) => items],
    ['ascending', (items) => [...items].sort()],
    ['descending', (items) => [...items].sort().reverse()],
  ];

  it.each(orders)('equals sort().slice() for %s input', (_, order) => {
    for (const [count, limit] of [
      [0, 5],
      [3, 5],
      [5, 5],
      [6, 5],
      [2000, 1],
      [2000, 7],
      [5000, 1000],
    ]) {
      const items = order(paths(count, count + limit));
      const before = [...items];
      expect(firstSorted(items, limit)).toEqual([...items].sort().slice(0, limit));
      expect(items).toEqual(before);
    }
  });

  it('keeps repeated items as often as a full sort does', () => {
    const items = ['b', 'a', 'b', 'a', 'c', 'a'];
    expect(firstSorted(items, 4)).toEqual(['a', 'a', 'a', 'b']);
  });

  it('returns nothing for a limit of zero', () => {
    expect(firstSorted(['b', 'a'], 0)).toEqual([]);
  });
});
