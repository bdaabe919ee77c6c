/** The `@word` the cursor is at the end of: where it starts (the `@`) and what follows it. */
export function mentionAt(
  text: string,
  cursor: number,
): { start: number; query: string } | undefined {
  const match = /(^|\s)@([^\s@]*)$/.exec(text.slice(0, cursor));
  if (!match) return undefined;
  return { start: cursor - match[2]!.length - 1, query: match[2]! };
}

/**
 * Workspace paths matching `query` best first: a path prefix, then a file-name prefix, then a
 * substring, then the query's characters in order (fuzzy, fewer gaps first). At most `limit`.
 */
export function rankPaths(paths: readonly string[], query: string, limit = 50): string[] {
  const q = query.toLowerCase();
  const scored: Array<{ path: string; score: number }> = [];
  for (const p of paths) {
    const score = matchScore(p.toLowerCase(), q);
    if (score !== undefined) scored.push({ path: p, score: score * 10_000 + p.length });
  }
  scored.sort((a, b) => a.score - b.score || a.path.localeCompare(b.path));
  return scored.slice(0, limit).map((s) => s.path);
}

function matchScore(path: string, q: string): number | undefined {
  if (path.startsWith(q)) return 0;
  const name = path.slice(path.lastIndexOf('/') + 1);
  if (name.startsWith(q)) return 1;
  if (path.includes(q)) return 2;
  let at = 0;
  let gaps = 0;
  for (const ch of q) {
    const found = path.indexOf(ch, at);
    if (found < 0) return undefined;
    if (found > at) gaps++;
    at = found + 1;
  }
  return 3 + gaps;
}

/** `text` with the mention starting at `start` (ending at `cursor`) replaced by `@path `. */
export function applyMention(
  text: string,
  start: number,
  cursor: number,
  path: string,
): { text: string; cursor: number } {
  const inserted = `@${path} `;
  const after = text.slice(cursor).replace(/^ /, '');
  return { text: text.slice(0, start) + inserted + after, cursor: start + inserted.length };
}
