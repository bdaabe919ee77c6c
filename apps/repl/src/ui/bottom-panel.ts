import type { ReplApp, StatusInfo } from '../app/repl-app';
import { escapeTags, sanitize } from '../text/sanitize';
import { sliceToWidth, stringWidth } from '../text/width';

const MAX_INPUT_ROWS = 8;
const MAX_SUGGESTIONS = 6;
const PLACEHOLDER = 'Type a message · / for commands · Enter sends · Shift+Enter newline';

/**
 * The rows under the transcript, as blessed-tagged strings of at most `width` cells: queued
 * prompts, command suggestions, a rule, the prompt editor (with a drawn cursor) and the status
 * line.
 */
export function bottomRows(app: ReplApp, width: number): string[] {
  const rows: string[] = [];
  for (const queued of app.queue) {
    const text = sanitize(queued).replace(/\n/g, ' ⏎ ');
    rows.push(`{gray-fg}${escapeTags(sliceToWidth(`  ⧗ queued: ${text}`, width))}{/gray-fg}`);
  }
  const { suggestions } = app.router;
  if (suggestions.visible && !app.modals.active) {
    suggestions.items.slice(0, MAX_SUGGESTIONS).forEach((item, index) => {
      const text = sliceToWidth(`  ${item.usage.padEnd(24)} ${item.description}`, width);
      rows.push(
        index === suggestions.selected
          ? `{inverse}${escapeTags(text)}{/inverse}`
          : escapeTags(text),
      );
    });
  }
  rows.push(`{gray-fg}${'─'.repeat(width)}{/gray-fg}`);
  rows.push(...inputRows(app, width));
  rows.push(statusRow(app.status(), width));
  return rows;
}

function inputRows(app: ReplApp, width: number): string[] {
  const { input } = app.router;
  if (app.modals.active) {
    return [`{gray-fg}${escapeTags(sliceToWidth('› (answer the card above)', width))}{/gray-fg}`];
  }
  if (input.isEmpty) {
    return [
      `{bold}›{/bold} {inverse} {/inverse}{gray-fg}${escapeTags(sliceToWidth(PLACEHOLDER, width - 3))}{/gray-fg}`,
    ];
  }
  const layout = input.layout(Math.max(1, width - 3));
  const first = Math.max(
    0,
    Math.min(layout.cursorRow - MAX_INPUT_ROWS + 1, layout.rows.length - MAX_INPUT_ROWS),
  );
  return layout.rows.slice(first, first + MAX_INPUT_ROWS).map((row, i) => {
    const index = first + i;
    const prefix = index === 0 ? '{bold}›{/bold} ' : '  ';
    if (index !== layout.cursorRow) return prefix + escapeTags(row);
    const before = sliceToWidth(row, layout.cursorCol);
    const rest = row.slice(before.length);
    const at = Array.from(rest)[0] ?? ' ';
    return `${prefix}${escapeTags(before)}{inverse}${escapeTags(at)}{/inverse}${escapeTags(rest.slice(at.length))}`;
  });
}

/** `provider/model · ctx 1.2k (1%) · mode · session id`, cut to the width. */
export function statusText(status: StatusInfo): string {
  const parts = [
    `${status.provider}/${status.model}`,
    `ctx ${formatTokens(status.usedTokens)} (${Math.round(status.fraction * 100)}%)`,
    status.notice ?? status.mode,
    `session ${status.sessionId ?? 'new'}`,
  ];
  return ` ${parts.join(' · ')}`;
}

function statusRow(status: StatusInfo, width: number): string {
  const text = sliceToWidth(sanitize(statusText(status)), width);
  const pad = ' '.repeat(Math.max(0, width - stringWidth(text)));
  return `{inverse}${escapeTags(text)}${pad}{/inverse}`;
}

export function formatTokens(tokens: number): string {
  if (tokens < 1000) return String(tokens);
  if (tokens < 1_000_000) return `${(tokens / 1000).toFixed(1)}k`;
  return `${(tokens / 1_000_000).toFixed(2)}M`;
}
