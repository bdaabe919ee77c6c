/**
 * How wide text is on a terminal: the one implementation every painter, wrapper and editor of
 * the REPL uses. Text is cut into grapheme clusters (Intl.Segmenter), so an emoji ZWJ sequence,
 * a flag or a letter with combining marks is never split. A cluster is measured as
 * `string-width` does: nothing for marks and joiners alone, two cells for emoji sequences
 * (presentation selector, ZWJ, skin tone, flag, keycap), else the Unicode East Asian Width of
 * its first visible character, from `get-east-asian-width`.
 *
 * Terminals disagree on two kinds of cluster, so those follow what the terminal in use reports
 * (see `setTerminalWidths` and ui/width-probe.ts): an emoji with a skin-tone modifier (two cells
 * in most current terminals, four in tmux 3.3 and xterm.js, which draw the modifier as a wide
 * character of its own) and a narrow character made emoji by VS16, U+FE0F (❤️: two cells in most
 * current terminals, one in tmux 3.3 and xterm.js).
 */

type EastAsianWidth = (codePoint: number) => number;
let eastAsianWidth: EastAsianWidth | undefined;

/** get-east-asian-width, loaded on the first character that needs it (ESM, via require(esm)). */
function eastAsian(codePoint: number): number {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  eastAsianWidth ??= (require('get-east-asian-width') as { eastAsianWidth: EastAsianWidth })
    .eastAsianWidth;
  return eastAsianWidth(codePoint);
}

let segmenter: Intl.Segmenter | undefined;

/** The clusters of `text` (the segmenter is made on first use: it costs start-up time). */
function segment(text: string): Intl.Segments {
  segmenter ??= new Intl.Segmenter(undefined, { granularity: 'grapheme' });
  return segmenter.segment(text);
}

/** Loads what measuring non-ASCII text needs, so the first such text does not wait for it. */
export function warmUpWidths(): void {
  segment('a');
  eastAsian(0x41);
}

/**
 * Text of characters that never join a neighbour into one cluster and are all one cell wide
 * (per East Asian Width, checked against get-east-asian-width by width.test.ts): ASCII,
 * Latin-1 to the spacing modifiers, general punctuation, arrows, box drawing, blocks and
 * Braille, which is what the REPL's own frame is drawn with. Such text needs no segmenter and
 * no table.
 */
const SIMPLE_NARROW =
  /^[\x20-\x7e\xa0-\xac\xae-\u02ff\u2010-\u2027\u2030-\u205e\u2190-\u21ff\u2500-\u259f\u2800-\u28ff]*$/;
const INVISIBLE = '\\p{Default_Ignorable_Code_Point}\\p{Cc}\\p{Cf}\\p{Mn}\\p{Me}\\p{Cs}';
const ALL_INVISIBLE = new RegExp(`^[${INVISIBLE}]+$`, 'u');
const LEADING_INVISIBLE = new RegExp(`^[${INVISIBLE}]+`, 'u');
const PICTOGRAPHIC = /\p{Extended_Pictographic}/gu;
const FLAG = /^[\u{1F1E6}-\u{1F1FF}]{2}$/u;
const KEYCAP = /^[\d#*]\uFE0F?\u20E3$/;
const SKIN_TONE = /[\u{1F3FB}-\u{1F3FF}]/u;
const SKIN_TONES = /[\u{1F3FB}-\u{1F3FF}]/gu;
/** Spacing marks and half/full-width forms add their own width inside a cluster. */
const SPACING = /[\p{Mc}\uFF00-\uFFEF]/u;

const MAX_CACHED = 4096;
const cache = new Map<string, number>();

/** How the terminal draws the clusters terminals disagree on. */
export interface TerminalWidths {
  /** A skin-tone modifier is drawn as a wide character of its own, after its emoji. */
  skinToneApart: boolean;
  /** VS16 leaves a narrow character narrow (❤️ takes one cell). */
  narrowPresentation: boolean;
}

/** What most current terminals do (kitty, WezTerm, iTerm2, Windows Terminal, later tmux). */
const CURRENT_TERMINALS: TerminalWidths = { skinToneApart: false, narrowPresentation: false };
let terminal = CURRENT_TERMINALS;
let generation = 0;

/**
 * Measures from now on as `widths` says the terminal draws; layouts made before are stale (see
 * `widthGeneration`). Without arguments, back to what current terminals do.
 */
export function setTerminalWidths(widths: TerminalWidths = CURRENT_TERMINALS): void {
  if (
    widths.skinToneApart === terminal.skinToneApart &&
    widths.narrowPresentation === terminal.narrowPresentation
  ) {
    return;
  }
  terminal = { ...widths };
  cache.clear();
  generation++;
}

/** Changes whenever measures change: whatever caches a layout keys it on this too. */
export function widthGeneration(): number {
  return generation;
}

/** The cells of one cluster, computed (see graphemeWidth for the cached, fast form). */
function measure(cluster: string): number {
  if (ALL_INVISIBLE.test(cluster)) return 0;
  if (FLAG.test(cluster) || KEYCAP.test(cluster)) return 2;
  const pictographs = cluster.match(PICTOGRAPHIC)?.length ?? 0;
  if (pictographs > 0 && terminal.skinToneApart && SKIN_TONE.test(cluster)) {
    const tones = cluster.match(SKIN_TONES)!.length;
    return measure(cluster.replace(SKIN_TONES, '')) + 2 * tones;
  }
  if (
    pictographs > 0 &&
    ((!terminal.narrowPresentation && cluster.includes('\uFE0F')) ||
      SKIN_TONE.test(cluster) ||
      (pictographs > 1 && cluster.includes('\u200D')))
  ) {
    return 2;
  }
  const visible = cluster.replace(LEADING_INVISIBLE, '');
  const base = visible.codePointAt(0)!;
  let width = eastAsian(base);
  for (const ch of visible.slice(base > 0xffff ? 2 : 1)) {
    if (SPACING.test(ch)) width += eastAsian(ch.codePointAt(0)!);
  }
  return width;
}

/** Cells one grapheme cluster takes: 0 (marks, joiners alone), 1, 2 (CJK, emoji), or 4 (see TerminalWidths). */
export function graphemeWidth(cluster: string): number {
  if (cluster.length === 1 && SIMPLE_NARROW.test(cluster)) return 1;
  let width = cache.get(cluster);
  if (width === undefined) {
    width = measure(cluster);
    if (cache.size >= MAX_CACHED) cache.clear();
    cache.set(cluster, width);
  }
  return width;
}

/** Whether every character of `text` is its own cluster and one cell wide (see SIMPLE_NARROW). */
export function isSimpleNarrow(text: string): boolean {
  return SIMPLE_NARROW.test(text);
}

/** The grapheme clusters of `text`, in order. */
export function graphemes(text: string): string[] {
  if (SIMPLE_NARROW.test(text)) return text.split('');
  return Array.from(segment(text), (part) => part.segment);
}

/** Terminal cells `text` takes (one line: newlines count as nothing). */
export function stringWidth(text: string): number {
  if (SIMPLE_NARROW.test(text)) return text.length;
  let width = 0;
  for (const part of segment(text)) width += graphemeWidth(part.segment);
  return width;
}

/** The longest start of `text` that fits in `width` cells, never splitting a cluster. */
export function sliceToWidth(text: string, width: number): string {
  if (SIMPLE_NARROW.test(text)) return text.slice(0, Math.max(0, width));
  let used = 0;
  let end = 0;
  for (const part of segment(text)) {
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

/**
 * `text` cut to `width` cells in its middle, its start and end kept around `…` when something
 * was cut (`write_fi…notes.md)`): for names whose end tells them apart.
 */
export function middleTruncateToWidth(text: string, width: number): string {
  if (stringWidth(text) <= width) return text;
  if (width <= 0) return '';
  const head = sliceToWidth(text, Math.ceil((width - 1) / 2));
  let tail = '';
  let used = 0;
  for (const cluster of graphemes(text.slice(head.length)).reverse()) {
    const w = graphemeWidth(cluster);
    if (used + w > width - 1 - stringWidth(head)) break;
    used += w;
    tail = cluster + tail;
  }
  return `${head}…${tail}`;
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
  for (const part of segment(text.slice(start, index))) last = start + part.index;
  return index - last;
}

/** Length (UTF-16 units) of the cluster that starts at `index` in `text`; 0 at the end. */
export function nextGraphemeLength(text: string, index: number): number {
  if (index >= text.length) return 0;
  const window = text.slice(index, index + WINDOW);
  const first = segment(window)[Symbol.iterator]().next();
  return first.done ? window.length : first.value.segment.length;
}
