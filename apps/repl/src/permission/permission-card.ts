import { suggestRule, type PermissionDecision, type PermissionRequest } from '@agent/tools';
import { printable, type Key } from '../input/key';
import { lineWidth, plain, wrapSpans, wrapText, type Line } from '../text/line';
import { sanitize } from '../text/sanitize';
import { renderDiff } from '../view/render-segment';

/** Diff lines shown on a card before "… N more lines". */
const PREVIEW_LINES = 30;

export type CardOption = 'once' | 'always' | 'workspace' | 'user' | 'deny';

interface OptionRow {
  id: CardOption;
  letter: string;
  label: string;
}

/** The card's rows: once, "always" for the suggested rule (session, workspace, user), deny. */
function optionsFor(rule: string): OptionRow[] {
  return [
    { id: 'once', letter: 'y', label: 'Yes, allow once' },
    { id: 'always', letter: 'a', label: `Always allow ${rule} for this session` },
    { id: 'workspace', letter: 'w', label: `Always allow ${rule} in this workspace (saved)` },
    { id: 'user', letter: 'u', label: `Always allow ${rule} everywhere (your settings)` },
    { id: 'deny', letter: 'n', label: 'No, deny (type a reason for the model)' },
  ];
}

export type CardResult =
  { type: 'decided'; decision: PermissionDecision } | { type: 'changed' } | { type: 'ignored' };

/**
 * A pending permission question. "Allow once" is selected, so Enter approves. Up/Down and the
 * first letters (y/a/n) select; on the "deny" row every typed character writes the reason that goes back to
 * the model; Esc denies. Nothing runs until a decision is made.
 */
export class PermissionCard {
  selected = 0;
  reason = '';
  decided: PermissionDecision | undefined;
  /** The turn ended (Ctrl+C) before the person answered. */
  interrupted = false;

  /** What "always" allows: the suggested rule (`run_shell(npm test)`), else the whole tool. */
  readonly rule: string;
  private readonly options: OptionRow[];

  constructor(readonly request: PermissionRequest) {
    this.rule = suggestRule(request) ?? request.toolName;
    this.options = optionsFor(this.rule);
  }

  get option(): CardOption {
    return this.options[this.selected]!.id;
  }

  handleKey(key: Key): CardResult {
    if (this.decided) return { type: 'ignored' };
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
        this.reason = Array.from(this.reason).slice(0, -1).join('');
        return { type: 'changed' };
    }
    const ch = printable(key);
    if (ch === undefined) return { type: 'ignored' };
    if (this.option === 'deny') {
      this.reason += ch;
      return { type: 'changed' };
    }
    const index = this.options.findIndex((o) => o.letter === ch.toLowerCase());
    if (index < 0) return { type: 'ignored' };
    this.selected = index;
    return { type: 'changed' };
  }

  /** Closes the card unanswered: the call is treated as denied and never runs. */
  interrupt(): void {
    if (this.decided) return;
    this.interrupted = true;
    this.decided = { kind: 'deny' };
  }

  /** Pasted text becomes (part of) the deny reason. */
  paste(text: string): CardResult {
    if (this.decided) return { type: 'ignored' };
    this.selected = this.denyIndex;
    this.reason += text.replace(/\s+/g, ' ');
    return { type: 'changed' };
  }

  private get denyIndex(): number {
    return this.options.findIndex((o) => o.id === 'deny');
  }

  private decide(): CardResult {
    const option = this.option;
    const reason = this.reason.trim();
    if (option === 'deny') this.decided = reason ? { kind: 'deny', reason } : { kind: 'deny' };
    else if (option === 'once') this.decided = { kind: 'allow' };
    else {
      const scope = option === 'always' ? 'session' : option;
      this.decided = { kind: 'allow', always: true, rule: this.rule, scope };
    }
    return { type: 'decided', decision: this.decided };
  }

  /** The card for `width` columns; `waiting` (another card has the keys) shows one line. */
  render(width: number, waiting = false): Line[] {
    const w = Math.max(20, width);
    const tool = sanitize(this.request.toolName);
    const title = sanitize(this.request.title).replace(/\n/g, ' ');
    if (this.interrupted) {
      return wrapText(`■ Interrupted before an answer: ${tool}: ${title}`, w, 'warn', '  ');
    }
    if (this.decided) {
      const text =
        this.decided.kind === 'allow'
          ? `${this.decided.always ? `Always allowed (${sanitize(this.decided.rule ?? tool)})` : 'Allowed'} ${tool}: ${title}`
          : `Denied ${tool}: ${title}${this.decided.reason ? ` — “${sanitize(this.decided.reason)}”` : ''}`;
      return wrapText(text, w, this.decided.kind === 'allow' ? 'ok' : 'warn', '  ');
    }
    if (waiting) {
      return wrapText(`… waiting to ask: ${tool}: ${title}`, w, 'dim', '  ');
    }
    const inner = w - 2;
    const rows: Line[] = [
      plain(`╭${'─'.repeat(Math.max(0, w - 2))}╮`, 'accent'),
      ...wrapSpans(
        [
          {
            text: ` Allow ${this.request.permission === 'exec' ? 'running' : 'editing'}? `,
            style: 'accent',
          },
          { text: `${tool}: ${title}`, style: 'bold' },
        ],
        inner,
        '   ',
      ).map((row) => boxed(row, inner)),
    ];
    if (this.request.reason) {
      rows.push(
        ...wrapText(`   Why: ${sanitize(this.request.reason)}`, inner, 'warn', '        ').map(
          (row) => boxed(row, inner),
        ),
      );
    }
    if (this.request.preview) {
      const preview = renderDiff(sanitize(this.request.preview), inner, PREVIEW_LINES);
      rows.push(...preview.map((row) => boxed(row, inner)));
    }
    this.options.forEach((option, index) => {
      const chosen = index === this.selected;
      const label = ` ${chosen ? '❯' : ' '} ${option.letter}) ${sanitize(option.label)}`;
      rows.push(
        ...wrapText(label, inner, chosen ? 'selected' : 'plain', '      ').map((row) =>
          boxed(row, inner),
        ),
      );
      if (option.id === 'deny' && chosen) {
        const reason = this.reason ? sanitize(this.reason) : 'reason (optional), then Enter';
        rows.push(
          ...wrapText(`      ${reason}▏`, inner, this.reason ? 'plain' : 'dim', '      ').map(
            (row) => boxed(row, inner),
          ),
        );
      }
    });
    rows.push(plain(`╰${'─'.repeat(Math.max(0, w - 2))}╯`, 'accent'));
    return rows;
  }
}

function boxed(row: Line, inner: number): Line {
  const pad = ' '.repeat(Math.max(0, inner - lineWidth(row)));
  return [{ text: '│', style: 'accent' }, ...row, { text: pad }, { text: '│', style: 'accent' }];
}
