import { parseControlNotation } from '@agent/llm/text';
import type { Line } from '../../src/text/line';

/**
 * Reads back the text that rows made by `exactRows` or `labelled` show, from their spans: the
 * `content` style is text, `control` spans are notation, a numbered gutter starts a new line, an
 * empty one continues it. What a person reading the coloured screen reconstructs; tests use it
 * to prove the shown text is exactly the text that runs.
 */
export function decodeShown(rows: Line[], contentStyle: string): string {
  const lines: string[] = [];
  let current: string | undefined;
  for (const row of rows) {
    for (const span of row) {
      if (span.style === 'dim' && /^ *\d+ │ $/.test(span.text)) {
        if (current !== undefined) lines.push(current);
        current = '';
      } else if (span.style === 'control') {
        const notations = span.text.match(/\\(?:x[0-9a-f]{2}|u[0-9a-f]{4}|t|r)/g) ?? [];
        if (notations.join('') !== span.text) throw new Error(`bad notation ${span.text}`);
        current = (current ?? '') + notations.map(parseControlNotation).join('');
      } else if (span.style === contentStyle) {
        current = (current ?? '') + span.text;
      }
    }
  }
  lines.push(current ?? '');
  return lines.join('\n');
}
