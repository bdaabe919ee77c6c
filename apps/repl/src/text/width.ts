/**
 * How wide text is on a terminal: the one implementation every painter, wrapper and editor of
 * the REPL uses. Text is cut into grapheme clusters (Intl.Segmenter), so an emoji ZWJ sequence,
 * a flag or a letter with combining marks is never split, and each cluster is measured by
 * `string-width` (Unicode East Asian Width from get-east-asian-width, RGI emoji as two cells).
 */

// string-width is ESM-only: Node >= 20.19 loads it through require(esm); jest transforms it.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const measure = (require('string-width') as { default: (text: string) => number }).default;

const segmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/** Printable ASCII: one cell per character, every character its own cluster. */
const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;

const MAX_CACHED = 4096;
const cache = new Map<string, number>();

/** Cells one grapheme cluster takes: 0 (marks, joiners alone), 1, or 2 (CJK, emoji). */
export function graphemeWidth(cluster: string): number {
  if (cluster.length === 1) {
    const code = cluster.charCodeAt(0);
    if (code >= 0x20 && code < 0x7f) return 1;
  }
  let width = cache.get(cluster);
  if (width === undefined) {
    width = measure(cluster);
    if (cache.size >= MAX_CACHED) cache.clear();
    cache.set(cluster, width);
  }
  return width;
}

/** The grapheme clusters of `text`, in order. */
export function graphemes(text: string): string[] {
  if (PRINTABLE_ASCII.test(text)) return text.split('');
  return Array.from(segmenter.segment(text), (part) => part.segment);
}

/** Terminal cells `text` takes (one line: newlines count as nothing). */
export function stringWidth(text: string): number {
  if (PRINTABLE_ASCII.test(text)) return text.length;
  let width = 0;
  for (const part of segmenter.segment(text)) width += graphemeWidth(part.segment);
  return width;
}

/** The longest start of `text` that fits in `width` cells, never splitting a cluster. */
export function sliceToWidth(text: string, width: number): string {
  if (PRINTABLE_ASCII.test(text)) return text.slice(0, Math.max(0, width));
  let used = 0;
  let end = 0;
  for (const part of segmenter.segment(text)) {
    const w = graphemeWidth(part.segment);
    if (used + w > width) break;
    used += w;
    end = part.index + part.segment.length;
  }
  return text.slice(0, end);
}

/** `text` cut to `width` cells, ending with `…` when something was cut. */
export function truncateToWidth(text: string, width: number): string {
  if (stringWidth(text) <= width) return text;
  if (width <= 0) return '';
  return `${sliceToWidth(text, width - 1)}…`;
}

/** `text` padded with spaces on the right to `width` cells (unchanged when wider). */
export function padEndToWidth(text: string, width: number): string {
  return text + ' '.repeat(Math.max(0, width - stringWidth(text)));
}

/** Clusters are short: segmenting this far around a position finds its boundaries. */
const WINDOW = 256;

/** Length (UTF-16 units) of the cluster that ends at `index` in `text`; 0 at the start. */
export function previousGraphemeLength(text: string, index: number): number {
  if (index <= 0) return 0;
  // Start at a printable ASCII character: a cluster boundary lies right before it.
  const floor = Math.max(0, index - WINDOW);
  let start = floor;
  for (let i = index - 1; i > floor; i--) {
    const code = text.charCodeAt(i);
    if (code >= 0x20 && code < 0x7f) {
      start = i;
      break;
    }
  }
  let last = start;
  for (const part of segmenter.segment(text.slice(start, index))) last = start + part.index;
  return index - last;
}

/** Length (UTF-16 units) of the cluster that starts at `index` in `text`; 0 at the end. */
export function nextGraphemeLength(text: string, index: number): number {
  if (index >= text.length) return 0;
  const window = text.slice(index, index + WINDOW);
  const first = segmenter.segment(window)[Symbol.iterator]().next();
  return first.done ? window.length : first.value.segment.length;
}
