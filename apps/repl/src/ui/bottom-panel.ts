import type { ReplApp } from '../app/repl-app';
import { plain, type Line } from '../text/line';
import { sanitize } from '../text/sanitize';
import {
  graphemes,
  padEndToWidth,
  sliceToWidth,
  stringWidth,
  truncateToWidth,
} from '../text/width';
import { statusText } from '../view/status-line';
import { mentionRows } from './mention-rows';

const MAX_INPUT_ROWS = 8;
/**
 * Command suggestions shown at once on a screen `height` rows tall: a third of it, 4 to 12; the
 * list scrolls with the selection.
 */
export function suggestionRows(height: number): number {
  return Math.max(4, Math.min(12, Math.floor(height / 3)));
}

const PLACEHOLDER = ['Type a message', '/ for commands', 'Enter sends', 'Ctrl+J newline'];

/** As many whole parts of the placeholder as fit in `width` cells. */
export function placeholderText(width: number): string {
  let text = PLACEHOLDER[0]!;
  for (const part of PLACEHOLDER.slice(1)) {
    const longer = `${text} · ${part}`;
    if (stringWidth(longer) > width) break;
    text = longer;
  }
  return sliceToWidth(text, width);
}

/**
 * The rows under the transcript of a `height`-row screen, each at most `width` cells: queued
 * prompts, command suggestions, a rule, the prompt editor (with a drawn cursor) and the status
 * line.
 */
export function bottomRows(app: ReplApp, width: number, height: number): Line[] {
  const rows: Line[] = [];
  for (const steered of app.steering) {
    const text = sanitize(steered).replace(/\n/g, ' ⏎ ');
    rows.push(plain(truncateToWidth(`  ⤷ into this turn: ${text}`, width), 'dim'));
  }
  for (const queued of app.queue) {
    const text = sanitize(queued).replace(/\n/g, ' ⏎ ');
    rows.push(plain(truncateToWidth(`  ⧗ queued: ${text}`, width), 'dim'));
  }
  const { suggestions } = app.router;
  if (suggestions.visible && !app.modals.active) {
    const { items, first } = suggestions.window(suggestionRows(height));
    items.forEach((item, i) => {
      const index = first + i;
      const more =
        (i === 0 && first > 0) || (i === items.length - 1 && index < suggestions.items.length - 1);
      const arrow = !more ? ' ' : i === 0 ? '↑' : '↓';
      const text = truncateToWidth(`${arrow} ${item.usage.padEnd(24)} ${item.description}`, width);
      rows.push(
        index === suggestions.selected
          ? plain(padEndToWidth(text, width), 'selected')
          : plain(text),
      );
    });
  }
  const mentions = app.router.mentionList;
  if (mentions.visible && !app.modals.active) {
    rows.push(...mentionRows(mentions, width, suggestionRows(height)));
  }
  rows.push(plain('─'.repeat(width), 'dim'));
  for (const label of app.attachments.labels) {
    rows.push(plain(truncateToWidth(`  ${sanitize(label)}  (Backspace removes)`, width), 'dim'));
  }
  rows.push(...inputRows(app, width));
  rows.push(plain(padEndToWidth(statusText(app.status(), width), width), 'selected'));
  return rows;
}

function inputRows(app: ReplApp, width: number): Line[] {
  const { input } = app.router;
  const modal = app.modals.active;
  if (modal && !modal.typesIntoPrompt?.()) {
    return [plain(sliceToWidth('› (answer the card above)', width), 'dim')];
  }
  if (input.isEmpty) {
    return [
      [
        { text: '›', style: 'bold' },
        { text: ' ' },
        { text: ' ', style: 'selected' },
        { text: placeholderText(width - 3), style: 'dim' },
      ],
    ];
  }
  const layout = input.layout(Math.max(1, width - 3));
  const first = Math.max(
    0,
    Math.min(layout.cursorRow - MAX_INPUT_ROWS + 1, layout.rows.length - MAX_INPUT_ROWS),
  );
  return layout.rows.slice(first, first + MAX_INPUT_ROWS).map((row, i) => {
    const index = first + i;
    const prefix: Line =
      index === 0 ? [{ text: '›', style: 'bold' }, { text: ' ' }] : [{ text: '  ' }];
    if (index !== layout.cursorRow) return [...prefix, { text: row }];
    const before = sliceToWidth(row, layout.cursorCol);
    const rest = graphemes(row.slice(before.length));
    return [
      ...prefix,
      { text: before },
      { text: rest[0] ?? ' ', style: 'selected' },
      { text: rest.slice(1).join('') },
    ];
  });
}
