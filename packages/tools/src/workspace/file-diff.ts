/** A file change as shown to people: a unified diff, or a summary when that would cost too much. */
export interface FileDiff {
  text: string;
  added: number;
  removed: number;
}

/** Longest the line-by-line comparison may run (it blocks the event loop while it runs). */
export const DIFF_TIME_LIMIT_MS = 100;
/** Longest diff text kept; a longer one is cut at a line with a note. */
export const MAX_DIFF_CHARS = 200_000;

export interface DiffLimits {
  timeLimitMs?: number;
  maxChars?: number;
}

/**
 * The change of one file (`before` undefined: a new file) as a unified diff with 3 lines of
 * context. The comparison is quadratic in the number of changes, so it gives up after
 * {@link DIFF_TIME_LIMIT_MS} and the text becomes a summary of the changed region, found in
 * linear time by trimming the common first and last lines. Text over {@link MAX_DIFF_CHARS} is
 * cut. The counts are exact for a diff and count the changed region for a summary.
 */
export function fileDiff(
  relative: string,
  before: string | undefined,
  after: string,
  limits: DiffLimits = {},
): FileDiff {
  const oldName = before === undefined ? '/dev/null' : `a/${relative}`;
  const header = `--- ${oldName}\n+++ b/${relative}\n`;
  // Loaded on the first edit, not at start-up.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { structuredPatch, formatPatch } = require('diff') as typeof import('diff');
  const patch = structuredPatch(
    oldName,
    `b/${relative}`,
    before ?? '',
    after,
    undefined,
    undefined,
    {
      context: 3,
      timeout: limits.timeLimitMs ?? DIFF_TIME_LIMIT_MS,
    },
  );
  if (patch === undefined) return summary(header, before ?? '', after);
  let added = 0;
  let removed = 0;
  for (const hunk of patch.hunks) {
    for (const line of hunk.lines) {
      if (line.startsWith('+')) added++;
      else if (line.startsWith('-')) removed++;
    }
  }
  const text = formatPatch(patch).replace(/^=+\n/, '');
  return { text: cut(text, limits.maxChars ?? MAX_DIFF_CHARS), added, removed };
}

function summary(header: string, before: string, after: string): FileDiff {
  const oldLines = splitLines(before);
  const newLines = splitLines(after);
  let start = 0;
  while (
    start < oldLines.length &&
    start < newLines.length &&
    oldLines[start] === newLines[start]
  ) {
    start++;
  }
  let end = 0;
  while (
    end < oldLines.length - start &&
    end < newLines.length - start &&
    oldLines[oldLines.length - 1 - end] === newLines[newLines.length - 1 - end]
  ) {
    end++;
  }
  const removed = oldLines.length - start - end;
  const added = newLines.length - start - end;
  const region = removed === 0 ? `after line ${start}` : `lines ${start + 1}-${start + removed}`;
  return {
    text: `${header}(too many changes to compare line by line: ${plural(removed, 'line')} at ${region} replaced by ${plural(added, 'line')})\n`,
    added,
    removed,
  };
}

function splitLines(text: string): string[] {
  if (text === '') return [];
  const lines = text.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  return lines;
}

function cut(text: string, maxChars: number): string {
  if (text.length <= maxChars) return text;
  const end = text.lastIndexOf('\n', maxChars);
  const kept = text.slice(0, end === -1 ? maxChars : end + 1);
  const rest = text.slice(kept.length).split('\n').length - 1;
  return `${kept}… [diff truncated: ${plural(rest, 'more line')}]\n`;
}

function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}
