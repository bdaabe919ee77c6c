import type { PermissionDecision, PermissionRequest } from '@agent/tools';
import { ruleReach, suggestRule } from '@agent/tools/permission-rules';
import { printable, type Key } from '../input/key';
import { lineWidth, plain, wrapSpans, wrapText, type Line } from '../text/line';
import { sanitize } from '../text/sanitize';
import { graphemes } from '../text/width';
import { exactRows, labelled } from '../text/visible';
import { DEFAULT_DIFF_ROWS, DiffViewport } from './diff-viewport';

/** The card's question for each class it asks about: `Allow running?`. */
const ALLOW_VERB: Record<PermissionRequest['permission'], string> = {
  edit: 'editing',
  exec: 'running',
  network: 'fetching',
};

export type CardOption = 'once' | 'always' | 'workspace' | 'user' | 'deny';

interface OptionRow {
  id: CardOption;
  letter: string;
  label: string;
}

/** A command the sandbox blocked, to run again once: never "always". */
function leaveOptions(leave: 'outside' | 'network'): OptionRow[] {
  return [
    {
      id: 'once',
      letter: 'y',
      label:
        leave === 'network'
          ? 'Yes, run it again once with network (still sandboxed otherwise)'
          : 'Yes, run it again once outside the sandbox, with your rights',
    },
    {
      id: 'deny',
      letter: 'n',
      label: 'No, keep the sandboxed result (type a reason for the model)',
    },
  ];
}

/**
 * The card's rows: once, "always" for the suggested rule (session, workspace, user), deny. A
 * command with nothing safe to offer (`eval`, `$cmd`) gets no "always" rows.
 */
function optionsFor(rule: string | undefined): OptionRow[] {
  const once: OptionRow = { id: 'once', letter: 'y', label: 'Yes, allow once' };
  const deny: OptionRow = {
    id: 'deny',
    letter: 'n',
    label: 'No, deny (type a reason for the model)',
  };
  if (rule === undefined) return [once, deny];
  return [
    once,
    { id: 'always', letter: 'a', label: `Always allow ${rule} for this session` },
    { id: 'workspace', letter: 'w', label: `Always allow ${rule} in this workspace (saved)` },
    { id: 'user', letter: 'u', label: `Always allow ${rule} everywhere (your settings)` },
    deny,
  ];
}

export type CardResult =
  { type: 'decided'; decision: PermissionDecision } | { type: 'changed' } | { type: 'ignored' };

/**
 * A pending permission question. "Allow once" is selected, so Enter approves. Up/Down and the
 * first letters (y/a/n) select; on the "deny" row every typed character writes the reason that
 * goes back to the model; Esc denies. A long diff scrolls (PgUp/PgDn, j/k off the "deny" row,
 * Home/End) or expands (Ctrl+O). Nothing runs until a decision is made.
 */
export class PermissionCard {
  selected = 0;
  reason = '';
  decided: PermissionDecision | undefined;
  /** The turn ended (Ctrl+C) before the person answered. */
  interrupted = false;

  /**
   * What "always" allows: the suggested rule (`run_shell(npm test)`), else the whole tool; none
   * for a command with nothing safe to offer.
   */
  readonly rule: string | undefined;
  /** What the rule covers, in words, for a command rule. */
  readonly reach: string | undefined;
  private readonly options: OptionRow[];
  /** The preview's diff window, when the tool could tell what would change. */
  readonly diff: DiffViewport | undefined;

  constructor(readonly request: PermissionRequest) {
    this.rule = request.leaveSandbox
      ? undefined
      : (suggestRule(request) ??
        (request.subjectKind === 'command' ? undefined : request.toolName));
    this.reach = this.rule === undefined ? undefined : ruleReach(this.rule, request);
    this.options = request.leaveSandbox
      ? leaveOptions(request.leaveSandbox)
      : optionsFor(this.rule);
    this.diff = request.preview !== undefined ? new DiffViewport(request.preview) : undefined;
  }

  /** Whether PgUp/PgDn scroll the card's diff (it has more rows than its window). */
  get scrollable(): boolean {
    return this.diff?.scrollable ?? false;
  }

  get option(): CardOption {
    return this.options[this.selected]!.id;
  }

  handleKey(key: Key): CardResult {
    if (this.decided) return { type: 'ignored' };
    if (this.diff?.handleKey(key, this.option !== 'deny')) return { type: 'changed' };
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
      this.decided = { kind: 'allow', always: true, rule: this.rule!, scope };
    }
    return { type: 'decided', decision: this.decided };
  }

  /** The card's question: may it run, or may a command the sandbox blocked leave it once. */
  private question(): string {
    if (this.request.leaveSandbox === 'network')
      return 'Blocked by the sandbox. Run once with network?';
    if (this.request.leaveSandbox) return 'Blocked by the sandbox. Run once outside it?';
    return `Allow ${ALLOW_VERB[this.request.permission]}?`;
  }

  /**
   * The card for `width` columns; `waiting` (another card has the keys) shows a short form.
   * `screenRows` bounds the diff window so the options stay on screen. The title (the command,
   * the path) is always shown whole and exactly: every line, hidden characters as notation.
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
      const allowed = this.decided.kind === 'allow';
      const label = allowed
        ? `✓ ${this.decided.kind === 'allow' && this.decided.always ? `Always allowed (${sanitize(this.decided.rule ?? tool)})` : this.request.leaveSandbox ? `Allowed once ${this.request.leaveSandbox === 'network' ? 'with network' : 'outside the sandbox'}` : 'Allowed'} ${tool}: `
        : `⊘ Denied ${tool}: `;
      const rows = labelled([{ text: label, style: allowed ? 'ok' : 'warn' }], title, w, 'bold');
      if (this.decided.kind === 'deny' && this.decided.reason) {
        rows.push(...wrapText(`  — “${sanitize(this.decided.reason)}”`, w, 'warn', '    '));
      }
      return rows;
    }
    if (waiting) {
      return labelled([{ text: `… waiting to ask: ${tool}: `, style: 'dim' }], title, w, 'bold');
    }
    const inner = w - 2;
    const head: Line[] = [
      plain(`╭${'─'.repeat(Math.max(0, w - 2))}╮`, 'accent'),
      ...wrapSpans(
        [
          { text: ` ${this.question()} `, style: 'accent' },
          { text: tool, style: 'heading' },
        ],
        inner,
        '   ',
      ),
      ...exactRows(title, inner - 3, 'bold').map((row): Line => [{ text: '   ' }, ...row]),
      ...(this.request.reason
        ? wrapText(`   Why: ${sanitize(this.request.reason)}`, inner, 'warn', '        ')
        : []),
      ...(this.reach
        ? wrapText(`   "Always" ${sanitize(this.reach)}.`, inner, 'dim', '     ')
        : []),
    ];
    const tail: Line[] = [];
    this.options.forEach((option, index) => {
      const chosen = index === this.selected;
      const label = ` ${chosen ? '❯' : ' '} ${option.letter}) ${sanitize(option.label)}`;
      tail.push(...wrapText(label, inner, chosen ? 'selected' : 'plain', '      '));
      if (option.id === 'deny' && chosen) {
        const reason = this.reason ? sanitize(this.reason) : 'reason (optional), then Enter';
        tail.push(...wrapText(`      ${reason}▏`, inner, this.reason ? 'plain' : 'dim', '      '));
      }
    });
    const budget =
      screenRows === undefined ? DEFAULT_DIFF_ROWS : screenRows - head.length - tail.length - 1;
    const diff = this.diff ? this.diff.render(inner - 1, budget) : [];
    return [
      head[0]!,
      ...head.slice(1).map((row) => boxed(row, inner)),
      ...diff.map((row) => boxed([{ text: ' ' }, ...row], inner)),
      ...tail.map((row) => boxed(row, inner)),
      plain(`╰${'─'.repeat(Math.max(0, w - 2))}╯`, 'accent'),
    ];
  }
}

function boxed(row: Line, inner: number): Line {
  const pad = ' '.repeat(Math.max(0, inner - lineWidth(row)));
  return [{ text: '│', style: 'accent' }, ...row, { text: pad }, { text: '│', style: 'accent' }];
}
