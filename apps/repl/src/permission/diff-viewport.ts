import type { Key } from '../input/key';
import { plain, type Line } from '../text/line';
import { stringWidth, widthGeneration } from '../text/width';
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
  private cached: { width: number; widths: number; rows: Line[] } | undefined;

  constructor(private readonly diff: string) {}

  /** Whether the last layout showed a window with rows hidden (so paging keys are the card's). */
  get scrollable(): boolean {
    return !this.expanded && this.window > 0 && this.total > this.window;
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

  /** Rows the whole diff takes at `width` cells. */
  rowsAt(width: number): number {
    return diffHasChanges(this.diff) ? this.rowsFor(width).length : 1;
  }

  /**
   * At most `maxRows` rows (all of them when expanded) for `width` cells: a window with a
   * position line, with one row only a line saying how many rows are hidden, with none nothing.
   * `lettersFree`: j/k scroll now (they are not being typed into a reason), so the line offers them.
   */
  render(width: number, maxRows: number, lettersFree = true): Line[] {
    if (maxRows <= 0 && !this.expanded) {
      this.window = 0;
      return [];
    }
    if (!diffHasChanges(this.diff)) {
      return [plain('  no changes: the content is already the same', 'dim')];
    }
    const rows = this.rowsFor(width);
    this.total = rows.length;
    // Expanded keeps the folded layout's window: it tells whether folding would hide rows.
    if (this.expanded) {
      this.top = 0;
      if (rows.length <= this.window) return [...rows];
      return [...rows, plain(`  all ${rows.length} rows · Ctrl+O folds`, 'dim')];
    }
    this.window = rows.length <= maxRows ? rows.length : Math.max(0, maxRows - 1);
    if (rows.length <= maxRows) {
      this.top = 0;
      return [...rows];
    }
    if (this.window === 0) {
      const hidden = `${rows.length} rows hidden`;
      return [
        plain(
          fitting(
            [`  ${hidden} · Ctrl+O shows them`, `  ${hidden} · Ctrl+O`, `  ${hidden}`],
            width,
          ) ?? `${rows.length} hidden`,
          'accent',
        ),
      ];
    }
    this.top = Math.max(0, Math.min(this.top, rows.length - this.window));
    const end = this.top + this.window;
    const where = `rows ${this.top + 1}–${end} of ${rows.length}${end === rows.length ? ' (end)' : ''}`;
    const position =
      fitting(
        [
          `  ${where} · PgUp/PgDn${lettersFree ? ' j/k' : ''} scroll · Ctrl+O shows all`,
          `  ${where} · PgUp/PgDn · Ctrl+O`,
          `  ${where}`,
        ],
        width,
      ) ?? `${this.top + 1}–${end}/${rows.length}`;
    return [...rows.slice(this.top, end), plain(position, 'accent')];
  }

  private rowsFor(width: number): Line[] {
    if (this.cached?.width !== width || this.cached.widths !== widthGeneration()) {
      this.cached = { width, widths: widthGeneration(), rows: numberedDiff(this.diff, width) };
    }
    return this.cached.rows;
  }

  private scrollBy(delta: number): boolean {
    if (this.expanded || this.window === 0) return false;
    const max = Math.max(0, this.total - this.window);
    const next = Math.max(0, Math.min(max, this.top + delta));
    this.top = next;
    return true;
  }
}

/** The first of `texts` that fits `width` cells. */
function fitting(texts: string[], width: number): string | undefined {
  return texts.find((text) => stringWidth(text) <= width);
}
