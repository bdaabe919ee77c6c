import type { ApprovalChoice, ApprovalChoices } from '@agent/runtime';
import type { PermissionRequest } from '@agent/tools';
import { printable, type Key } from '../input/key';
import { plain, wrapSpans, wrapText, type Line } from '../text/line';
import { boxedRow } from '../view/card-fit';
import { sanitize } from '../text/sanitize';
import { graphemes, middleTruncateToWidth, stringWidth } from '../text/width';
import { exactRows, labelled } from '../text/visible';
import { permissionHint } from './card-hint';
import { DEFAULT_DIFF_ROWS, DiffViewport } from './diff-viewport';
import { fitPermissionCard, type PermissionParts } from './permission-fit';

export type CardOption = ApprovalChoice['id'];

interface OptionRow {
  choice: ApprovalChoice;
  letter: string;
  label: string;
}

const LETTER: Record<CardOption, string> = {
  once: 'y',
  session: 'a',
  workspace: 'w',
  user: 'u',
  'deny-session': 'd',
  deny: 'n',
};

/** The card's rows: the runtime's choices for the call, each with its letter. */
function rowsFor(choices: readonly ApprovalChoice[]): OptionRow[] {
  return choices.map((choice) => ({
    choice,
    letter: LETTER[choice.id],
    label: choice.id === 'deny' ? `${choice.label} (type a reason for the model)` : choice.label,
  }));
}

/** The choice the person picked on the card, with the reason typed on the "deny" row. */
export interface ApprovalPick {
  choice: ApprovalChoice;
  reason?: string;
}

export type CardResult =
  { type: 'decided'; pick: ApprovalPick } | { type: 'changed' } | { type: 'ignored' };

/**
 * A pending permission question, drawing the choices the runtime computed for the call.
 * "Allow once" is selected, so Enter approves. Up/Down and the letters (y/a/w/u/d/n) select; on the
 * "deny" row every typed character writes the reason that goes back to the model, once the row is
 * reached by an arrow or Tab, or by its "n" and then Space (right after the "n", letters still
 * select: the "no" of a sentence is not a reason); Esc denies. A long diff scrolls (PgUp/PgDn, j/k
 * while letters are free, Home/End) or expands (Ctrl+O). Nothing runs until a decision is made.
 */
export class PermissionCard {
  selected = 0;
  reason = '';
  decided: ApprovalPick | undefined;
  /** The turn ended (Ctrl+C) before the person answered. */
  interrupted = false;

  private readonly options: OptionRow[];
  /** The preview's diff window, when the tool could tell what would change. */
  readonly diff: DiffViewport | undefined;
  /** Ctrl+O on a card without a diff: the whole card, however tall (its summary uncut). */
  private expanded = false;
  /** The selected row was picked by its letter, nothing since: on the "deny" row, letters still pick. */
  private pickedByLetter = false;

  /** `choices`: what the card offers, computed by the runtime for the call, drawn here. */
  constructor(
    readonly request: PermissionRequest,
    readonly choices: ApprovalChoices,
  ) {
    this.options = rowsFor(this.choices.choices);
    this.diff = request.preview !== undefined ? new DiffViewport(request.preview) : undefined;
  }

  /** Whether PgUp/PgDn scroll the card's diff (it has more rows than its window). */
  get scrollable(): boolean {
    return this.diff?.scrollable ?? false;
  }

  get option(): CardOption {
    return this.options[this.selected]!.choice.id;
  }

  /** The status line's hint: what Enter does on the selected row, and which keys scroll. */
  get hint(): string {
    const choice = this.options[this.selected]!.choice;
    return permissionHint(choice, this.reason, this.scrollable, this.writingReason);
  }

  /** Whether typing writes the deny reason (the "deny" row, reached other than by its bare letter). */
  private get writingReason(): boolean {
    return this.option === 'deny' && !this.pickedByLetter;
  }

  /** Whether letters are free for the card's keys (the choices' letters, j/k scroll). */
  private get lettersFree(): boolean {
    return !this.writingReason;
  }

  /**
   * The card's selection and reason as they are now; the returned function puts them back (a
   * sentence's letters typed on the card are taken back when it turns out to be one, see guardTyping).
   */
  snapshot(): () => void {
    const { selected, reason, pickedByLetter } = this;
    return () => {
      if (this.decided) return;
      Object.assign(this, { selected, reason, pickedByLetter });
    };
  }

  handleKey(key: Key): CardResult {
    if (this.decided) return { type: 'ignored' };
    const ch = printable(key);
    if (ch !== undefined) return this.typed(ch, key);
    // Any key but typing settles a row picked by its letter: on the "deny" row, typing then
    // writes the reason.
    const settling = this.pickedByLetter && this.option === 'deny';
    this.pickedByLetter = false;
    const result = this.named(key);
    return settling && result.type === 'ignored' ? { type: 'changed' } : result;
  }

  /** A key that types nothing: moving, scrolling, Enter, Esc, Backspace. */
  private named(key: Key): CardResult {
    if (this.diff?.handleKey(key, this.lettersFree)) return { type: 'changed' };
    if (!this.diff && (key.full ?? key.name) === 'C-o') {
      this.expanded = !this.expanded;
      return { type: 'changed' };
    }
    switch (key.name) {
      case 'up':
        this.selected = (this.selected + this.options.length - 1) % this.options.length;
        return { type: 'changed' };
      case 'down':
      case 'tab':
        this.selected = (this.selected + 1) % this.options.length;
        return { type: 'changed' };
      case 'enter':
        return this.decide();
      case 'escape':
        this.selected = this.denyIndex;
        return this.decide();
      case 'backspace':
        if (this.option !== 'deny' || this.reason === '') return { type: 'ignored' };
        this.reason = graphemes(this.reason).slice(0, -1).join('');
        return { type: 'changed' };
    }
    return { type: 'ignored' };
  }

  /** A typed character: the deny reason, j/k scrolling, or a choice's letter. */
  private typed(ch: string, key: Key): CardResult {
    if (this.writingReason) {
      this.reason += ch;
      return { type: 'changed' };
    }
    if (this.diff?.handleKey(key, true)) return { type: 'changed' };
    const index = this.options.findIndex((o) => o.letter === ch.toLowerCase());
    if (index >= 0) {
      this.selected = index;
      this.pickedByLetter = true;
      return { type: 'changed' };
    }
    if (ch === ' ' && this.option === 'deny') {
      this.pickedByLetter = false;
      return { type: 'changed' };
    }
    return { type: 'ignored' };
  }

  /**
   * A letter or digit that is none of the card's (unless it writes the deny reason): the person is
   * typing words for the prompt, not answering the card. Right after the "n" that picked the
   * "deny" row, letters are not yet the reason: the "o" of "no" is stray.
   */
  strayKey(key: Key): boolean {
    const ch = printable(key);
    if (this.decided || ch === undefined || !this.lettersFree) return false;
    if (!/^[\p{L}\p{N}]$/u.test(ch)) return false;
    if (this.diff && (ch === 'j' || ch === 'k')) return false;
    return !this.options.some((o) => o.letter === ch.toLowerCase());
  }

  /** Closes the card unanswered: the call is treated as denied and never runs. */
  interrupt(): void {
    if (this.decided) return;
    this.interrupted = true;
    this.decided = { choice: this.options[this.denyIndex]!.choice };
  }

  /** Pasted text becomes (part of) the deny reason. */
  paste(text: string): CardResult {
    if (this.decided) return { type: 'ignored' };
    this.selected = this.denyIndex;
    this.pickedByLetter = false;
    this.reason += text.replace(/\s+/g, ' ');
    return { type: 'changed' };
  }

  private get denyIndex(): number {
    return this.options.findIndex((o) => o.choice.id === 'deny');
  }

  private decide(): CardResult {
    const { choice } = this.options[this.selected]!;
    const reason = choice.id === 'deny' ? this.reason.trim() : '';
    const pick = reason ? { choice, reason } : { choice };
    this.decided = pick;
    return { type: 'decided', pick };
  }

  /**
   * The card for `width` columns; `waiting` (another card has the keys) shows a short form.
   * Laid out to `screenRows` (see `fitPermissionCard`): the title, what is being approved and the
   * choices stay on screen, the diff takes what is left. What is being approved (the command, the
   * path) is shown whole and exactly: every line, hidden characters as notation.
   */
  render(width: number, waiting = false, screenRows?: number): Line[] {
    const w = Math.max(20, width);
    const tool = sanitize(this.request.toolName);
    const title = this.request.title;
    if (this.interrupted) {
      return labelled(
        [{ text: `■ Interrupted before an answer: ${tool}: `, style: 'warn' }],
        title,
        w,
        'bold',
      );
    }
    if (this.decided) {
      const { choice, reason } = this.decided;
      const allowed = choice.kind === 'allow_once' || choice.kind === 'allow_always';
      const label = allowed
        ? `✓ ${choice.kind === 'allow_always' ? `Always allowed (${sanitize(choice.rule ?? tool)})` : this.request.leaveSandbox ? `Allowed once ${this.request.leaveSandbox === 'network' ? 'with network' : 'outside the sandbox'}` : 'Allowed'} ${tool}: `
        : `⊘ Denied ${tool}: `;
      const rows = labelled([{ text: label, style: allowed ? 'ok' : 'warn' }], title, w, 'bold');
      if (!allowed && reason) {
        rows.push(...wrapText(`  — “${sanitize(reason)}”`, w, 'warn', '    '));
      }
      return rows;
    }
    if (waiting) {
      return labelled([{ text: `… waiting to ask: ${tool}: `, style: 'dim' }], title, w, 'bold');
    }
    // The borders and the right padding column (each row brings its own left padding).
    const inner = w - 3;
    const parts: PermissionParts = {
      title: wrapSpans(
        [
          { text: ` ${this.choices.question} `, style: 'accent' },
          { text: tool, style: 'heading' },
        ],
        inner,
        '   ',
      ),
      summary: exactRows(title, inner - 3, 'bold').map((row): Line => [{ text: '   ' }, ...row]),
      why: this.request.reason
        ? wrapText(`   Why: ${sanitize(this.request.reason)}`, inner, 'warn', '        ')
        : [],
      reach: this.choices.reach
        ? wrapText(`   "Always" ${sanitize(this.choices.reach)}.`, inner, 'dim', '     ')
        : [],
      choices: this.options.map((option, index) => this.choiceRows(option, index, inner)),
      oneRow: this.options.map((option, index) => this.ruleCutRow(option, index, inner)),
      selected: this.selected,
    };
    const diff = this.diff;
    if (diff) {
      parts.preview = {
        rows: diff.rowsAt(inner - 1),
        render: (max) =>
          diff.render(inner - 1, max, this.lettersFree).map((row): Line => [{ text: ' ' }, ...row]),
      };
    }
    // Expanded (Ctrl+O) shows the whole card, which the transcript then scrolls.
    const room = (diff?.expanded ?? this.expanded) ? undefined : screenRows;
    const { frame, body } = fitPermissionCard(parts, inner, room, DEFAULT_DIFF_ROWS);
    const rule = '─'.repeat(Math.max(0, w - 2));
    const rows = body.map((row) => boxedRow(row, inner));
    return frame ? [plain(`╭${rule}╮`, 'accent'), ...rows, plain(`╰${rule}╯`, 'accent')] : rows;
  }

  /**
   * An unselected "always" choice on one row, its rule cut in the middle so the scope after it
   * stays (`a) Always allow write_fi…notes.md) for this session`); undefined when cutting the
   * rule is not what it needs.
   */
  private ruleCutRow(option: OptionRow, index: number, inner: number): Line[] | undefined {
    const rule = option.choice.rule === undefined ? undefined : sanitize(option.choice.rule);
    const label = sanitize(option.label);
    const at = rule === undefined || index === this.selected ? -1 : label.indexOf(rule);
    if (at < 0) return undefined;
    const head = `   ${option.letter}) ${label.slice(0, at)}`;
    const tail = label.slice(at + rule!.length);
    const room = inner - stringWidth(head) - stringWidth(tail);
    if (room < 1 || stringWidth(rule!) <= room) return undefined;
    return [[{ text: `${head}${middleTruncateToWidth(rule!, room)}${tail}`, style: 'plain' }]];
  }

  /** A choice's rows; the selected "deny" row is followed by the reason being typed. */
  private choiceRows(option: OptionRow, index: number, inner: number): Line[] {
    const chosen = index === this.selected;
    const label = ` ${chosen ? '❯' : ' '} ${option.letter}) ${sanitize(option.label)}`;
    const rows = wrapText(label, inner, chosen ? 'selected' : 'plain', '      ');
    if (option.choice.id === 'deny' && chosen) {
      // Picked by its "n", the row writes no reason until Space (see strayKey).
      const empty = this.writingReason ? 'reason (optional), then Enter' : 'Space, then a reason';
      const reason = `${this.reason ? sanitize(this.reason) : empty}${this.writingReason ? '▏' : ''}`;
      rows.push(...wrapText(`      ${reason}`, inner, this.reason ? 'plain' : 'dim', '      '));
    }
    return rows;
  }
}
