import type { Line, SpanStyle } from '../text/line';
import { visibleSpans, wrapExact } from '../text/visible';

const HUNK = /^@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@/;

/** Whether a unified diff changes anything (holds a hunk). */
export function diffHasChanges(diff: string): boolean {
  return /^@@ /m.test(diff);
}

/**
 * Rows of a unified diff for `width` cells: each source line with its old and new line numbers
 * and its text shown exactly (hidden characters as notation, tabs as spaces), wrapped onto rows
 * with an empty gutter. File headers and hunk headers have no numbers.
 */
export function numberedDiff(diff: string, width: number): Line[] {
  const parts = diff.replace(/\n$/, '').split('\n');
  let biggest = 1;
  for (const part of parts) {
    const hunk = HUNK.exec(part);
    if (hunk) {
      biggest = Math.max(
        biggest,
        Number(hunk[1]) + Number(hunk[2] ?? 1),
        Number(hunk[3]) + Number(hunk[4] ?? 1),
      );
    }
  }
  const digits = String(biggest).length;
  const blank = ' '.repeat(digits);
  const gutterWidth = digits * 2 + 4;
  const inner = Math.max(8, width - gutterWidth);
  const rows: Line[] = [];
  let oldLine = 0;
  let newLine = 0;
  let inHunk = false;
  for (const part of parts) {
    const hunk = HUNK.exec(part);
    if (hunk) {
      oldLine = Number(hunk[1]);
      newLine = Number(hunk[3]);
      inHunk = true;
      rows.push(...wrapExact(visibleSpans(part, 'accent'), width));
      continue;
    }
    const sign = part[0];
    if (!inHunk || (sign !== ' ' && sign !== '+' && sign !== '-')) {
      rows.push(...wrapExact(visibleSpans(part, 'dim'), width));
      continue;
    }
    let left = blank;
    let right = blank;
    let style: SpanStyle | undefined;
    if (sign === ' ') {
      left = String(oldLine++).padStart(digits);
      right = String(newLine++).padStart(digits);
    } else if (sign === '-') {
      left = String(oldLine++).padStart(digits);
      style = 'removed';
    } else {
      right = String(newLine++).padStart(digits);
      style = 'added';
    }
    const text = part.slice(1).replace(/\t/g, '    ');
    wrapExact(visibleSpans(text, style), inner).forEach((row, index) => {
      const gutter = index === 0 ? `${left} ${right} ${sign} ` : `${blank} ${blank}   `;
      rows.push([{ text: gutter, style: style ?? 'dim' }, ...row]);
    });
  }
  return rows;
}
