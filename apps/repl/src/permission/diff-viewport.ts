import type { Key } from '../input/key';
import { plain, type Line } from '../text/line';
import { stringWidth } from '../text/width';
import { diffHasChanges, numberedDiff } from '../view/diff-view';

/** Rows a diff may take on a card when the screen height is not known. */
export const DEFAULT_DIFF_ROWS = 20;

/**
 * The diff on a permission card: numbered rows in a window that scrolls (PgUp/PgDn, j/k,
 * Home/End) or expands to its full length (Ctrl+O), so every line can be read before approving.
 * The window is laid out by `render`; keys act on the last layout.
 */
export class DiffViewport {
  private top = 0;
  expanded = false;
  private total = 0;
  private window = DEFAULT_DIFF_ROWS;
  private cached: { width: number; rows: Line[] } | undefined;

  constructor(private readonly diff: string) {}

  /** Whether the last layout hid rows (so paging keys belong to the card). */
  get scrollable(): boolean {
    return !this.expanded && this.total > this.window;
  }

  /** Scrolls or expands for `key`; false when the key is not the viewport's. */
  handleKey(key: Key, lettersFree: boolean): boolean {
    const page = Math.max(1, this.window - 1);
    switch (key.full ?? key.name) {
      case 'C-o':
        this.expanded = !this.expanded;
        return true;
      case 'pagedown':
        return this.scrollBy(page);
      case 'pageup':
        return this.scrollBy(-page);
      case 'home':
        return this.scrollBy(-Infinity);
      case 'end':
        return this.scrollBy(Infinity);
    }
    if (!lettersFree) return false;
    if (key.ch === 'j') return this.scrollBy(1);
    if (key.ch === 'k') return this.scrollBy(-1);
    return false;
  }

  /** At most `maxRows` rows (more when expanded) for `width` cells, with a position line. */
  render(width: number, maxRows: number): Line[] {
    if (!diffHasChanges(this.diff)) {
      return [plain('  no changes: the content is already the same', 'dim')];
    }
    if (this.cached?.width !== width) {
      this.cached = { width, rows: numberedDiff(this.diff, width) };
    }
    const rows = this.cached.rows;
    this.total = rows.length;
    this.window = Math.max(3, maxRows - 1);
    if (this.expanded || rows.length <= this.window) {
      this.top = 0;
      const all = [...rows];
      if (this.expanded && rows.length > this.window) {
        all.push(plain(`  all ${rows.length} rows · Ctrl+O folds`, 'dim'));
      }
      return all;
    }
    this.top = Math.max(0, Math.min(this.top, rows.length - this.window));
    const end = this.top + this.window;
    const where = `rows ${this.top + 1}–${end} of ${rows.length}${end === rows.length ? ' (end)' : ''}`;
    const position =
      [
        `  ${where} · PgUp/PgDn j/k scroll · Ctrl+O shows all`,
        `  ${where} · PgUp/PgDn · Ctrl+O`,
        `  ${where}`,
      ].find((text) => stringWidth(text) <= width) ?? `${this.top + 1}–${end}/${rows.length}`;
    return [...rows.slice(this.top, end), plain(position, 'accent')];
  }

  private scrollBy(delta: number): boolean {
    if (this.expanded) return false;
    const max = Math.max(0, this.total - this.window);
    const next = Math.max(0, Math.min(max, this.top + delta));
    this.top = next;
    return true;
  }
}
