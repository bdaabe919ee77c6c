import { isSubmitKey, type Key } from './key';
import { applyMention, mentionAt, rankPaths } from './mention-completion';
import type { MentionIndex } from './mention-index';

/** Matches the list ranks at most (the best first). */
const MAX_MATCHES = 50;

/** What a key did to the list. */
export type MentionOutcome =
  { type: 'none' } | { type: 'moved' } | { type: 'pick'; text: string; cursor: number };

/**
 * The live `@` list under the prompt: while the cursor ends an `@word`, the workspace paths that
 * match it, best first (see rankPaths), from a background {@link MentionIndex}. Up/Down move the
 * highlight (on the best match at first, as the `/` menu's is on its first command), Tab or
 * Enter puts the highlighted path in the prompt, Esc closes the list for that text. Enter on a
 * word that already is the highlighted path leaves it to send the prompt. Before the first
 * listing is in, it says so (`indexing`); typing never waits for it.
 */
export class MentionList {
  index: MentionIndex | undefined;
  items: string[] = [];
  selected = 0;
  /** What the list shows besides matches: nothing, the indexing note, or no match. */
  note: 'indexing' | 'no-match' | 'failed' | undefined;
  query = '';
  private top = 0;
  private dismissedFor: string | undefined;
  private shownFor: string | undefined;

  get visible(): boolean {
    return this.items.length > 0 || this.note !== undefined;
  }

  /** Recomputes the list for the prompt's text and cursor. */
  update(text: string, cursor: number): void {
    const at = this.index ? mentionAt(text, cursor) : undefined;
    if (this.dismissedFor !== text) this.dismissedFor = undefined;
    if (!at || !this.index || this.dismissedFor === text) return this.hide();
    this.index.refresh();
    const key = `${at.query}\u0000${this.index.paths.length}\u0000${this.index.state}`;
    if (key === this.shownFor) return;
    this.shownFor = key;
    this.query = at.query;
    const { state, paths } = this.index;
    const items = paths.length > 0 ? rankPaths(paths, at.query, MAX_MATCHES) : [];
    if (items.join('\n') !== this.items.join('\n')) {
      this.selected = 0;
      this.top = 0;
    }
    this.items = items;
    if (items.length > 0) this.note = undefined;
    else if (state === 'indexing' || state === 'idle') this.note = 'indexing';
    else if (state === 'failed') this.note = 'failed';
    else this.note = 'no-match';
  }

  /** The `size` rows to show; the window scrolls with the selection. */
  window(size: number): { items: string[]; first: number } {
    const rows = Math.max(1, size);
    if (this.selected < this.top) this.top = this.selected;
    if (this.selected >= this.top + rows) this.top = this.selected - rows + 1;
    this.top = Math.max(0, Math.min(this.top, this.items.length - rows));
    return { items: this.items.slice(this.top, this.top + rows), first: this.top };
  }

  handleKey(key: Key, text: string, cursor: number): MentionOutcome {
    if (!this.visible) return { type: 'none' };
    const count = this.items.length;
    switch (key.full ?? key.name) {
      case 'up':
        if (count === 0) return { type: 'none' };
        this.selected = (this.selected + count - 1) % count;
        return { type: 'moved' };
      case 'down':
        if (count === 0) return { type: 'none' };
        this.selected = (this.selected + 1) % count;
        return { type: 'moved' };
      case 'tab':
        return this.pick(text, cursor) ?? { type: 'moved' };
      case 'enter': {
        if (!isSubmitKey(key)) return { type: 'none' };
        const path = this.items[this.selected];
        const at = mentionAt(text, cursor);
        if (at && at.query === path) return { type: 'none' };
        return this.pick(text, cursor) ?? { type: 'none' };
      }
      case 'escape':
        this.dismissedFor = text;
        this.hide();
        return { type: 'moved' };
    }
    return { type: 'none' };
  }

  /** Opens the list again for a text Esc closed it on. */
  reopen(): void {
    this.dismissedFor = undefined;
  }

  /** The highlighted path put in place of the `@word`, closing the list (none when no path). */
  private pick(text: string, cursor: number): MentionOutcome | undefined {
    const at = mentionAt(text, cursor);
    const path = this.items[this.selected];
    if (!at || path === undefined) return undefined;
    this.hide();
    return { type: 'pick', ...applyMention(text, at.start, cursor, path) };
  }

  private hide(): void {
    this.items = [];
    this.note = undefined;
    this.shownFor = undefined;
  }
}
