/**
 * The `limit` smallest of `items` in `Array.prototype.sort` order, without sorting them all: a
 * listing shows its first thousand paths of tens of thousands. Candidates smaller than the
 * largest kept one are gathered and merged in once `limit` of them have piled up, so an item
 * costs one comparison unless it belongs near the front.
 */
export function firstSorted(items: readonly string[], limit: number): string[] {
  if (items.length <= limit) return [...items].sort();
  if (limit <= 0) return [];
  let kept = items.slice(0, limit).sort();
  let largest = kept[limit - 1];
  let candidates: string[] = [];
  const merge = (): void => {
    kept = kept.concat(candidates).sort().slice(0, limit);
    largest = kept[limit - 1];
    candidates = [];
  };
  for (let index = limit; index < items.length; index++) {
    const item = items[index];
    if (item >= largest) continue;
    candidates.push(item);
    if (candidates.length === limit) merge();
  }
  if (candidates.length > 0) merge();
  return kept;
}
