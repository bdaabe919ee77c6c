import type { SessionInfo } from '@agent/session';
import { printable, type Key } from '../input/key';
import { plain, wrapText, type Line } from '../text/line';
import { sanitize } from '../text/sanitize';
import { graphemes } from '../text/width';
import type { PickOutcome } from './pick-list';
import { sessionLine } from './session-list';

/** Rows of sessions the picker shows at once. */
const VISIBLE = 8;

export type PickerResult = PickOutcome<SessionInfo>;

/**
 * `/resume` without an id: the saved sessions, newest first; typing filters them (by id, first
 * prompt or model, every word must match), Up/Down select, Enter resumes, Esc closes.
 */
export class SessionPicker {
  filter = '';
  selected = 0;
  done = false;

  constructor(
    private readonly sessions: readonly SessionInfo[],
    private readonly now: Date,
    private readonly currentId?: string,
  ) {}

  /** The sessions the filter keeps, in order. */
  get matches(): SessionInfo[] {
    const words = this.filter.toLowerCase().split(/\s+/).filter(Boolean);
    return this.sessions.filter((session) => {
      const text =
        `${session.id} ${session.firstPrompt ?? ''} ${session.provider ?? ''}/${session.model ?? ''}`.toLowerCase();
      return words.every((word) => text.includes(word));
    });
  }

  handleKey(key: Key): PickerResult {
    if (this.done) return { type: 'ignored' };
    const matches = this.matches;
    switch (key.name) {
      case 'escape':
        this.done = true;
        return { type: 'closed' };
      case 'up':
        this.selected = Math.max(0, this.selected - 1);
        return { type: 'changed' };
      case 'down':
        this.selected = Math.min(Math.max(0, matches.length - 1), this.selected + 1);
        return { type: 'changed' };
      case 'enter': {
        const session = matches[this.selected];
        if (!session) return { type: 'ignored' };
        this.done = true;
        return { type: 'picked', value: session };
      }
      case 'backspace':
        if (this.filter === '') return { type: 'ignored' };
        this.filter = graphemes(this.filter).slice(0, -1).join('');
        this.selected = 0;
        return { type: 'changed' };
    }
    const ch = printable(key);
    if (ch === undefined) return { type: 'ignored' };
    this.filter += ch;
    this.selected = 0;
    return { type: 'changed' };
  }

  paste(text: string): PickerResult {
    if (this.done) return { type: 'ignored' };
    this.filter += text.replace(/\s+/g, ' ');
    this.selected = 0;
    return { type: 'changed' };
  }

  render(width: number): Line[] {
    if (this.done) return [];
    const matches = this.matches;
    const top = Math.max(0, Math.min(this.selected - VISIBLE + 1, matches.length - VISIBLE));
    const rows: Line[] = [
      plain(`Resume a session · type to filter · ↑↓ select · Enter resumes · Esc closes`, 'accent'),
      plain(`  filter: ${sanitize(this.filter)}▏`, this.filter ? 'plain' : 'dim'),
    ];
    if (matches.length === 0) rows.push(plain('  no session matches', 'dim'));
    if (top > 0) rows.push(plain(`  ↑ ${top} more`, 'dim'));
    matches.slice(top, top + VISIBLE).forEach((session, i) => {
      const chosen = top + i === this.selected;
      const line = sanitize(sessionLine(session, this.now, this.currentId).trimStart());
      rows.push(
        ...wrapText(`${chosen ? '❯ ' : '  '}${line}`, width, chosen ? 'selected' : 'plain', '    '),
      );
    });
    const below = matches.length - top - VISIBLE;
    if (below > 0) rows.push(plain(`  ↓ ${below} more`, 'dim'));
    return rows;
  }
}
