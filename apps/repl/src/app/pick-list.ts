import { printable, type Key } from '../input/key';
import { plain, wrapText, type Line } from '../text/line';
import { sanitize } from '../text/sanitize';
import { graphemes } from '../text/width';

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

export interface PickListOptions<T> {
  /** Delete asks to remove the selected item. */
  deletes?: boolean;
  /** Other keys reported to the owner (not with `filterText`: there letters filter). */
  keys?: readonly string[];
  /** Said when there is nothing to pick (or nothing matches the filter). */
  empty?: string;
  /**
   * Typing filters the items: an item stays when every word typed appears in this text of it
   * (case aside). The filter shows under the title; Backspace and pastes edit it.
   */
  filterText?: (item: PickItem<T>) => string;
  /** Rows of items shown at once (10); the window follows the selection. */
  visible?: number;
}

/**
 * A modal list (`/model`, `/permissions`, `/resume`): Up/Down select, Enter picks, Delete asks to
 * remove the selected item (when `deletes`), Esc closes; other letters in `keys` are reported to
 * the owner, or filter the items (`filterText`). Items start on the current one. Pure state and
 * rows; the command owns what a pick does.
 */
export class PickList<T> {
  selected: number;
  done = false;
  filter = '';

  constructor(
    readonly title: string,
    private items: readonly PickItem<T>[],
    private readonly options: PickListOptions<T> = {},
  ) {
    this.selected = Math.max(
      0,
      items.findIndex((item) => item.current),
    );
  }

  /** New items (after a removal), the selection kept in range. */
  setItems(items: readonly PickItem<T>[]): void {
    this.items = items;
    this.selected = Math.min(this.selected, Math.max(0, this.shown.length - 1));
  }

  /** The items the filter keeps, in order (all of them when nothing is typed). */
  get shown(): readonly PickItem<T>[] {
    const text = this.options.filterText;
    const words = this.filter.toLowerCase().split(/\s+/).filter(Boolean);
    if (!text || words.length === 0) return this.items;
    return this.items.filter((item) => {
      const haystack = text(item).toLowerCase();
      return words.every((word) => haystack.includes(word));
    });
  }

  handleKey(key: Key): PickOutcome<T> {
    if (this.done) return { type: 'ignored' };
    const items = this.shown;
    const item = items[this.selected];
    switch (key.name) {
      case 'escape':
        this.done = true;
        return { type: 'closed' };
      case 'up':
        this.selected = Math.max(0, this.selected - 1);
        return { type: 'changed' };
      case 'down':
        this.selected = Math.min(Math.max(0, items.length - 1), this.selected + 1);
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
    if (this.options.filterText) return this.editFilter(key);
    if (key.name && this.options.keys?.includes(key.name)) return { type: 'key', name: key.name };
    return { type: 'ignored' };
  }

  /** A paste adds to the filter of a list that filters. */
  paste(text: string): PickOutcome<T> {
    if (this.done || !this.options.filterText) return { type: 'ignored' };
    return this.filterTo(this.filter + text.replace(/\s+/g, ' '));
  }

  private editFilter(key: Key): PickOutcome<T> {
    if (key.name === 'backspace') {
      if (this.filter === '') return { type: 'ignored' };
      return this.filterTo(graphemes(this.filter).slice(0, -1).join(''));
    }
    const ch = printable(key);
    return ch === undefined ? { type: 'ignored' } : this.filterTo(this.filter + ch);
  }

  private filterTo(filter: string): PickOutcome<T> {
    this.filter = filter;
    this.selected = 0;
    return { type: 'changed' };
  }

  render(width: number): Line[] {
    if (this.done) return [];
    const items = this.shown;
    const visible = this.options.visible ?? 10;
    const rows: Line[] = [plain(this.title, 'accent')];
    if (this.options.filterText) {
      rows.push(plain(`  filter: ${sanitize(this.filter)}▏`, this.filter ? 'plain' : 'dim'));
    }
    if (items.length === 0) rows.push(plain(`  ${this.options.empty ?? 'nothing to pick'}`, 'dim'));
    const top = Math.max(0, Math.min(this.selected - visible + 1, items.length - visible));
    if (top > 0) rows.push(plain(`  ↑ ${top} more`, 'dim'));
    let group = top > 0 ? items[top - 1]!.group : undefined;
    items.slice(top, top + visible).forEach((item, i) => {
      if (item.group !== undefined && item.group !== group)
        rows.push(plain(sanitize(item.group), 'bold'));
      group = item.group;
      const chosen = top + i === this.selected;
      const mark = item.current ? '● ' : '  ';
      const note = item.note ? `  · ${sanitize(item.note)}` : '';
      const text = `${chosen ? '❯ ' : '  '}${mark}${sanitize(item.label)}${note}`;
      rows.push(...wrapText(text, width, chosen ? 'selected' : 'plain', '      '));
    });
    const below = items.length - top - visible;
    if (below > 0) rows.push(plain(`  ↓ ${below} more`, 'dim'));
    return rows;
  }
}
