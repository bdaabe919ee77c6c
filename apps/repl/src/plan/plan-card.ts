import { PLAN_CHOICES, planDecisionFor, type PlanChoice, type PlanDecision } from '@agent/tools';
import { optionNumber } from '../view/option-number';
import { printable, type Key } from '../input/key';
import { plain, wrapSpans, wrapText, type Line, type Span } from '../text/line';
import { boxedRow } from '../view/card-fit';
import { renderMarkdown } from '../text/markdown';
import { sanitize } from '../text/sanitize';
import { graphemes } from '../text/width';

/** Rows of the plan shown when the screen height is unknown. */
const DEFAULT_PLAN_ROWS = 20;

export type PlanCardResult = 'decided' | 'changed' | 'ignored';

/**
 * The card of a presented plan: the whole plan (Markdown, scrollable with PgUp/PgDn, Home/End),
 * then three rows: approve and accept edits (selected), approve and ask for each edit, keep
 * planning with a typed note. Up/Down (or Tab) select, Shift+Tab changes the mode (as on an
 * approval card); any printable key selects "keep planning" and types the note; Enter decides
 * (a note must not be empty); Esc keeps planning without a note. Plan text is data: rendered as
 * spans, never interpreted.
 */
export class PlanCard {
  selected = 0;
  note = '';
  decided: PlanDecision | undefined;
  /** The turn ended before the person decided. */
  interrupted = false;
  /** The front end that decided first (the web page), when not this one. */
  private answeredOn: string | undefined;
  private top = 0;
  private warning: string | undefined;
  private rendered: { width: number; lines: Line[] } | undefined;
  private window = { rows: 0, shown: 0 };

  /** The plan as the person edited it (Ctrl+G), approved in place of the presented one. */
  private edited: string | undefined;

  constructor(
    private readonly presented: string,
    /** The choices the runtime offers for a plan, in its words (the card's `planChoices`). */
    private readonly choices: readonly PlanChoice[] = PLAN_CHOICES,
  ) {}

  /** The plan the card shows and approves: the presented one, or the person's edit of it. */
  get plan(): string {
    return this.edited ?? this.presented;
  }

  /** The person's edit of the plan (Ctrl+G): shown from the top, and what an approval carries. */
  replacePlan(text: string): void {
    this.edited = text;
    this.rendered = undefined;
    this.top = 0;
  }

  /** Whether the plan is taller than its window (PgUp/PgDn scroll it). */
  get scrollable(): boolean {
    return this.window.rows > this.window.shown;
  }

  handleKey(key: Key): PlanCardResult {
    if (this.decided) return 'ignored';
    const name = key.full ?? key.name;
    switch (name) {
      case 'up':
        return this.select(this.selected - 1);
      case 'down':
      case 'tab':
        return this.select(this.selected + 1);
      case 'pageup':
        return this.scroll(-1);
      case 'pagedown':
        return this.scroll(1);
      case 'home':
        this.top = 0;
        return 'changed';
      case 'end':
        this.top = Math.max(0, this.window.rows - this.window.shown);
        return 'changed';
      case 'enter':
      case 'return':
        return this.decide();
      case 'escape':
        this.decided = { decision: 'keep-planning', note: '' };
        return 'decided';
      case 'backspace':
        if (this.option !== 'keep-planning' || this.note === '') return 'ignored';
        this.note = graphemes(this.note).slice(0, -1).join('');
        return 'changed';
    }
    const ch = printable(key);
    if (ch === undefined) return 'ignored';
    return this.type(ch);
  }

  /** Pasted text goes into the note. */
  paste(text: string): PlanCardResult {
    if (this.decided) return 'ignored';
    return this.type(text);
  }

  /** Closes the card undecided (the turn was interrupted). */
  interrupt(): void {
    if (this.decided) return;
    this.interrupted = true;
  }

  /** Closes the card with the decision taken first on the front end `by` (the web page). */
  decidedElsewhere(decision: PlanDecision, by: string): void {
    if (this.decided) return;
    // What was approved there is the presented plan, unless that answer carried its own.
    this.edited = decision.decision === 'approve' ? decision.plan : undefined;
    this.decided = decision;
    this.answeredOn = by;
  }

  /** The live card for `width` columns, its plan window fitted to `screenRows`. */
  render(width: number, screenRows?: number): Line[] {
    const w = Math.max(20, width);
    // The borders and the right padding column (each row brings its own left padding).
    const inner = w - 3;
    if (this.decided || this.interrupted) {
      return planSummary(this.plan, this.decided, w, this.answeredOn);
    }
    const plan = this.planLines(inner - 2);
    const tail: Line[] = [];
    this.choices.forEach((option, index) => {
      const chosen = index === this.selected;
      // Keeping planning takes a note here, typed on the row.
      const words =
        option.id === 'keep-planning' ? `${option.label}: type a note for the model` : option.label;
      const label = ` ${chosen ? '❯' : ' '} ${index + 1}) ${words}`;
      tail.push(...wrapText(label, inner, chosen ? 'selected' : 'plain', '      '));
      if (option.id === 'keep-planning' && chosen) {
        const note = this.note ? sanitize(this.note) : 'your note, then Enter';
        tail.push(...wrapText(`      ${note}▏`, inner, this.note ? 'plain' : 'dim', '      '));
        const number = optionNumber(this.note, this.choices.length);
        if (number > 0) {
          const says = `Enter sends "${number}" as the note · ↑↓ picks option ${number}`;
          tail.push(...wrapText(`      ${says}`, inner, 'warn', '      '));
        }
      }
    });
    if (this.warning) tail.push(...wrapText(`   ${this.warning}`, inner, 'warn', '   '));
    const chrome = 2 + 1 + 1 + tail.length;
    // On a short screen the plan's window gives way down to one row (PgUp/PgDn scroll it): the
    // choices stay on screen.
    const shown = Math.max(
      1,
      Math.min(plan.length, (screenRows ?? DEFAULT_PLAN_ROWS + chrome) - chrome),
    );
    this.window = { rows: plan.length, shown };
    this.top = Math.min(this.top, Math.max(0, plan.length - shown));
    const visible = plan.slice(this.top, this.top + shown);
    const range = `${this.top + 1}-${this.top + visible.length} of ${plan.length} lines`;
    const scroll = ` · ${range} · PgUp/PgDn scroll`;
    const fits = (text: string) => text.length + 6 <= inner;
    const where =
      plan.length <= shown ? '' : fits(scroll) ? scroll : fits(` · ${range}`) ? ` · ${range}` : '';
    return [
      plain(`╭${'─'.repeat(Math.max(0, w - 2))}╮`, 'accent'),
      boxedRow(
        [
          { text: ' Plan', style: 'accent' },
          { text: where, style: 'dim' },
        ],
        inner,
      ),
      ...visible.map((row) => boxedRow([{ text: '  ' }, ...row], inner)),
      boxedRow([], inner),
      ...tail.map((row) => boxedRow(row, inner)),
      plain(`╰${'─'.repeat(Math.max(0, w - 2))}╯`, 'accent'),
    ];
  }

  private get option(): PlanChoice['id'] {
    return this.choices[this.selected]!.id;
  }

  private select(index: number): PlanCardResult {
    this.selected = (index + this.choices.length) % this.choices.length;
    this.warning = undefined;
    return 'changed';
  }

  private scroll(direction: -1 | 1): PlanCardResult {
    const step = Math.max(1, this.window.shown - 1);
    const max = Math.max(0, this.window.rows - this.window.shown);
    this.top = Math.min(max, Math.max(0, this.top + direction * step));
    return 'changed';
  }

  private type(text: string): PlanCardResult {
    this.selected = this.choices.findIndex((option) => option.id === 'keep-planning');
    this.note += text;
    this.warning = undefined;
    return 'changed';
  }

  private decide(): PlanCardResult {
    const option = this.option;
    const note = this.note.trim();
    if (option === 'keep-planning' && note === '') {
      this.warning = 'Type a note for the model first (or Esc to send the plan back without one).';
      return 'changed';
    }
    this.decided = planDecisionFor(option, note, this.edited);
    return 'decided';
  }

  private planLines(width: number): Line[] {
    if (this.rendered?.width !== width) {
      this.rendered = { width, lines: renderMarkdown(sanitize(this.plan), Math.max(10, width)) };
    }
    return this.rendered.lines;
  }
}

/**
 * A decided (or interrupted, `decision` undefined) plan as its compact summary: the decision,
 * the plan's title and size, a note sent back. Used live and on replay. `answeredOn`: the front
 * end that decided it (the web page), when not this one.
 */
export function planSummary(
  plan: string,
  decision: PlanDecision | undefined,
  width: number,
  answeredOn?: string,
): Line[] {
  const lines = plan.split('\n').length;
  const title = `${sanitize(planTitle(plan))} (${lines} line${lines === 1 ? '' : 's'})`;
  const where: Span[] = answeredOn ? [{ text: ` · answered on ${answeredOn}`, style: 'dim' }] : [];
  const rows = (head: string, style: 'ok' | 'warn' | 'dim'): Line[] =>
    wrapSpans([{ text: `${head} · ${title}`, style }, ...where], width, '    ');
  if (!decision) return rows('■ Interrupted before a decision on the plan', 'warn');
  switch (decision.decision) {
    case 'approve':
      return rows(
        `✓ Plan approved · ${decision.mode === 'accept-edits' ? 'accept edits' : 'ask before each edit'}`,
        'ok',
      );
    case 'keep-planning':
      return [
        ...rows('↻ Plan sent back to keep planning', 'warn'),
        ...wrapText(
          decision.note ? `  — “${sanitize(decision.note)}”` : '  — (no note)',
          width,
          'warn',
          '    ',
        ),
      ];
    case 'unanswered':
      return rows('Plan presented; nobody could approve it', 'dim');
  }
}

/** The plan's first heading, else its first non-empty line, without Markdown markers. */
function planTitle(plan: string): string {
  const lines = plan.split('\n').map((line) => line.trim());
  const heading = lines.find((line) => /^#{1,6}\s/.test(line));
  const first = heading ?? lines.find((line) => line !== '') ?? 'Plan';
  const bare = first.replace(/^#{1,6}\s+/, '').replace(/[*_`]/g, '');
  return bare.length > 80 ? `${bare.slice(0, 79)}…` : bare;
}
