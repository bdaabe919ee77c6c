import type { Key } from '../input/key';
import { plain, wrapText, type Line } from '../text/line';
import { sanitize } from '../text/sanitize';

/** One row of a picker; `group` starts a titled section where it changes. */
export interface PickItem<T> {
  value: T;
  label: string;
  /** Dim text after the label: where a rule comes from, why it does not apply. */
  note?: string;
  /** The current choice (the model in use): marked ●. */
  current?: boolean;
  group?: string;
}

export type PickOutcome<T> =
  | { type: 'picked'; value: T }
  | { type: 'delete'; value: T }
  | { type: 'key'; name: string }
  | { type: 'closed' }
  | { type: 'changed' }
  | { type: 'ignored' };

/** Rows of items shown at once; the window follows the selection. */
const VISIBLE = 10;

/**
 * A modal list (`/model`, `/permissions`): Up/Down select, Enter picks, Delete asks to remove the
 * selected item (when `deletes`), Esc closes; other letters in `keys` are reported to the owner.
 * Items start on the current one. Pure state and rows; the command owns what a pick does.
 */
export class PickList<T> {
  selected: number;
  done = false;

  constructor(
    readonly title: string,
    private items: readonly PickItem<T>[],
    private readonly options: { deletes?: boolean; keys?: readonly string[]; empty?: string } = {},
  ) {
    this.selected = Math.max(
      0,
      items.findIndex((item) => item.current),
    );
  }

  /** New items (after a removal), the selection kept in range. */
  setItems(items: readonly PickItem<T>[]): void {
    this.items = items;
    this.selected = Math.min(this.selected, Math.max(0, items.length - 1));
  }

  handleKey(key: Key): PickOutcome<T> {
    if (this.done) return { type: 'ignored' };
    const item = this.items[this.selected];
    switch (key.name) {
      case 'escape':
        this.done = true;
        return { type: 'closed' };
      case 'up':
        this.selected = Math.max(0, this.selected - 1);
        return { type: 'changed' };
      case 'down':
        this.selected = Math.min(Math.max(0, this.items.length - 1), this.selected + 1);
        return { type: 'changed' };
      case 'enter':
        if (!item) return { type: 'ignored' };
        this.done = true;
        return { type: 'picked', value: item.value };
      case 'delete':
        return this.options.deletes && item
          ? { type: 'delete', value: item.value }
          : { type: 'ignored' };
    }
    if (key.name && this.options.keys?.includes(key.name)) return { type: 'key', name: key.name };
    return { type: 'ignored' };
  }

  render(width: number): Line[] {
    if (this.done) return [];
    const rows: Line[] = [plain(this.title, 'accent')];
    if (this.items.length === 0)
      rows.push(plain(`  ${this.options.empty ?? 'nothing to pick'}`, 'dim'));
    const top = Math.max(0, Math.min(this.selected - VISIBLE + 1, this.items.length - VISIBLE));
    if (top > 0) rows.push(plain(`  ↑ ${top} more`, 'dim'));
    let group = top > 0 ? this.items[top - 1]!.group : undefined;
    this.items.slice(top, top + VISIBLE).forEach((item, i) => {
      if (item.group !== undefined && item.group !== group)
        rows.push(plain(sanitize(item.group), 'bold'));
      group = item.group;
      const chosen = top + i === this.selected;
      const mark = item.current ? '● ' : '  ';
      const note = item.note ? `  · ${sanitize(item.note)}` : '';
      const text = `${chosen ? '❯ ' : '  '}${mark}${sanitize(item.label)}${note}`;
      rows.push(...wrapText(text, width, chosen ? 'selected' : 'plain', '      '));
    });
    const below = this.items.length - top - VISIBLE;
    if (below > 0) rows.push(plain(`  ↓ ${below} more`, 'dim'));
    return rows;
  }
}
