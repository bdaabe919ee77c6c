import { wrapSpans, wrapText, type Line, type SpanStyle } from '../text/line';
import { sanitize } from '../text/sanitize';
import { stringWidth } from '../text/width';

/** One entry of a /help table: what to press or type, and what it does. */
export interface HelpEntry {
  usage: string;
  description: string;
}

/** A titled part of /help: a two-column table, then notes. */
export interface HelpSection {
  title: string;
  entries: readonly HelpEntry[];
  notes?: readonly string[];
}

/** The left column is as wide as its longest entry, but at most this share of the screen. */
const USAGE_SHARE = 0.45;
const INDENT = '  ';
const GAP = '  ';

/**
 * /help laid out for `width` columns: the usage column as wide as its longest entry (up to
 * {@link USAGE_SHARE} of the width), descriptions wrapping within their own column, and a usage
 * longer than its column wrapping within it. Text from files (custom commands) is sanitized.
 */
export function renderHelp(sections: readonly HelpSection[], width: number): Line[] {
  const rows: Line[] = [];
  // One usage column for every section, so all descriptions start at the same column.
  const entries = sections.flatMap((section) => section.entries);
  const widest = Math.max(0, ...entries.map((entry) => stringWidth(sanitize(entry.usage))));
  for (const section of sections) {
    rows.push([{ text: sanitize(section.title), style: 'bold' }]);
    rows.push(...table(section.entries, widest, width));
    for (const note of section.notes ?? []) rows.push(...wrapText(sanitize(note), width, 'dim'));
  }
  return rows;
}

function table(entries: readonly HelpEntry[], widest: number, width: number): Line[] {
  const room = width - INDENT.length - GAP.length;
  const usageWidth = Math.max(1, Math.min(widest, Math.floor(room * USAGE_SHARE)));
  const descriptionWidth = Math.max(1, room - usageWidth);
  return entries.flatMap((entry) => {
    const usage = column(entry.usage, usageWidth, 'accent');
    const description = column(entry.description, descriptionWidth, 'dim');
    const height = Math.max(usage.length, description.length);
    return Array.from({ length: height }, (_, i): Line => {
      const left = usage[i] ?? [];
      const pad = ' '.repeat(usageWidth - left.reduce((n, s) => n + stringWidth(s.text), 0));
      const right = description[i] ?? [];
      const row: Line = [{ text: INDENT }, ...left];
      if (right.length > 0) row.push({ text: pad + GAP }, ...right);
      return row;
    });
  });
}

function column(text: string, width: number, style: SpanStyle): Line[] {
  return wrapSpans([{ text: sanitize(text).replace(/\n/g, ' '), style }], width);
}
