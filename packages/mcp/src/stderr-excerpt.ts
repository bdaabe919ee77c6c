/** Lines of stderr shown at most, and characters per line. */
const MAX_LINES = 8;
const MAX_LINE = 300;
/** A line that says what went wrong: `Error: Cannot find module …`, `SyntaxError: …`, `error: …`. */
const ERROR_LINE = /\b[A-Za-z]*Error\b|\berror\b|\bfatal\b|\bpanic\b|\bTraceback\b/i;
/** A stack frame: the least useful part of a crash. */
const STACK_FRAME = /^\s+at\s/;

/**
 * The most useful part of a server's stderr, bounded: all of it when short; otherwise the first
 * lines that name an error (with the line after each, stack frames skipped) and the last lines
 * (stack frames skipped), with `…` where lines were left out. The bare tail of a Node crash is `code: …, requireStack:
 * [] } Node.js v20…`, while the line that explains it (`Error: Cannot find module …`) is above.
 */
export function stderrExcerpt(stderr: string): string {
  const lines = stderr
    .split(/\r?\n/)
    .map((line) => line.trimEnd())
    .filter((line) => line.trim() !== '')
    .map((line) => (line.length > MAX_LINE ? `${line.slice(0, MAX_LINE)}…` : line));
  if (lines.length <= MAX_LINES) return lines.join('\n');
  const keep = new Set<number>();
  for (let i = 0; i < lines.length && keep.size < 4; i++) {
    if (!ERROR_LINE.test(lines[i]!) || STACK_FRAME.test(lines[i]!)) continue;
    keep.add(i);
    if (i + 1 < lines.length && !STACK_FRAME.test(lines[i + 1]!)) keep.add(i + 1);
  }
  const errorLines = keep.size;
  for (let i = lines.length - 1; i >= 0 && keep.size - errorLines < MAX_LINES - errorLines; i--) {
    if (keep.has(i)) break;
    if (!STACK_FRAME.test(lines[i]!)) keep.add(i);
  }
  const out: string[] = [];
  let previous = -1;
  for (const index of [...keep].sort((a, b) => a - b)) {
    if (index !== previous + 1) out.push('…');
    out.push(lines[index]!);
    previous = index;
  }
  return out.join('\n');
}
