import { IncrementalMarkdown, renderMarkdown } from '../text/markdown';
import {
  lineWidth,
  plain,
  wrapSpans,
  wrapText,
  type Line,
  type Span,
  type SpanStyle,
} from '../text/line';
import { stringWidth } from '../text/width';
import { sanitize } from '../text/sanitize';
import { labelled, visibleSpans } from '../text/visible';
import { diffHasChanges, numberedDiff } from './diff-view';
import type { Segment, ToolState } from './segment';

export const SPINNER = ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏'];

/** Steps of a folded subagent segment shown (the latest). */
const SUBAGENT_STEPS = 3;

/** Lines of folded tool output shown before "… N more lines". */
export const FOLD_LINES = 6;

/** Last lines of a command's output shown under its row. */
export const TAIL_LINES = 4;

const TOOL_VERB: Record<ToolState, string> = {
  waiting: 'Waiting for approval:',
  running: 'Running',
  ok: 'Ran',
  error: 'Failed',
  denied: 'Denied',
  skipped: 'Skipped',
  interrupted: 'Interrupted',
};

const TOOL_MARK: Record<ToolState, [string, SpanStyle]> = {
  waiting: ['…', 'warn'],
  running: ['', 'accent'],
  ok: ['✓', 'ok'],
  error: ['✗', 'error'],
  denied: ['⊘', 'warn'],
  skipped: ['–', 'dim'],
  interrupted: ['■', 'warn'],
};

/** Renders one segment for `width` columns; `frame` animates running spinners. */
export function renderSegment(segment: Segment, width: number, frame = 0): Line[] {
  const w = Math.max(10, width);
  switch (segment.kind) {
    case 'user': {
      const rows = sanitize(segment.text)
        .replace(/\n+$/, '')
        .split('\n')
        .flatMap((part, index) =>
          wrapSpans(
            [
              { text: index === 0 ? '› ' : '  ', style: 'user' },
              { text: part, style: 'bold' },
            ],
            w,
            '  ',
          ),
        );
      return [[], ...rows];
    }
    case 'assistant': {
      const rows = segment.streaming
        ? streamed(segment).render(sanitize(segment.text), w)
        : renderMarkdown(sanitize(segment.text), w);
      return segment.streaming && segment.text === '' ? [plain('…', 'dim')] : rows;
    }
    case 'tool': {
      const [mark, style] = TOOL_MARK[segment.state];
      const icon = segment.state === 'running' ? SPINNER[frame % SPINNER.length]! : mark;
      // The title is shown whole and exactly, like on the permission card.
      const approval = segment.approval ? `${sanitize(segment.approval)} · ` : '';
      if (segment.outcome !== undefined && segment.state !== 'running') {
        return commandRow(
          [
            { text: `${icon} `, style },
            ...(approval ? [{ text: approval, style: 'dim' as const }] : []),
          ],
          segment,
          style,
          w,
        );
      }
      const rows = labelled(
        [
          { text: `${icon} `, style },
          { text: `${approval}${TOOL_VERB[segment.state]} `, style: 'dim' },
        ],
        segment.title || segment.name,
        w,
        'bold',
      );
      const detail = toolDetail(segment);
      if (detail && detail !== segment.title) {
        const detailStyle: SpanStyle = segment.state === 'error' ? 'error' : 'dim';
        const shown = visibleSpans(detail.replace(/\n/g, ' '), detailStyle);
        rows.push(...wrapSpans([{ text: '  ⎿ ', style: detailStyle }, ...shown], w, '    '));
      }
      return rows;
    }
    case 'diff':
      return diffHasChanges(segment.diff)
        ? numberedDiff(segment.diff, w - 4).map(indent)
        : [plain('    no changes', 'dim')];
    case 'output':
      return outputRows(segment, w);
    case 'subagent': {
      // The steps only: the task's own status line above names the subagent and spins.
      const hidden = segment.folded ? Math.max(0, segment.steps.length - SUBAGENT_STEPS) : 0;
      const steps = segment.steps
        .slice(hidden)
        .flatMap((step) => wrapText(`  ⎿ ${sanitize(step).replace(/\n/g, ' ')}`, w, 'dim', '    '));
      const more =
        hidden > 0
          ? [plain(`    … ${hidden} earlier step${hidden === 1 ? '' : 's'} (Ctrl+O)`, 'dim')]
          : [];
      return [...more, ...steps];
    }
    case 'error':
      return wrapText(`✗ ${sanitize(segment.text)}`, w, 'error', '  ');
    case 'info':
      // An indented line (a list under its heading) wraps indented deeper than it starts, not
      // at column 0; never by more than half the row.
      return sanitize(segment.text)
        .split('\n')
        .flatMap((line) => {
          const lead = Math.min(/^ */.exec(line)![0].length + 2, Math.floor(w / 2));
          const indent = line.startsWith(' ') ? ' '.repeat(lead) : '';
          return wrapSpans([{ text: line, style: 'dim' }], w, indent);
        });
    case 'custom':
      return segment.render(w);
  }
}

/** `✓ $ npm test · exit 0 · 2.1 s`: the command exactly, then its outcome on the same row if it fits. */
function commandRow(
  label: Span[],
  segment: Extract<Segment, { kind: 'tool' }>,
  style: SpanStyle,
  width: number,
): Line[] {
  const rows = labelled(label, segment.title || segment.name, width, 'bold');
  const outcome: Span = {
    text: ` · ${sanitize(segment.outcome ?? '')}`,
    style: segment.state === 'ok' ? 'dim' : style,
  };
  const last = rows[rows.length - 1]!;
  // A command too long for the label's row is a block of its own below it: the outcome goes on
  // the label's row, never into the command's text.
  if (rows.length > 1 && lineWidth(rows[0]!) + stringWidth(outcome.text) <= width) {
    rows[0]!.push({ ...outcome, text: outcome.text.slice(3) });
  } else if (lineWidth(last) + stringWidth(outcome.text) <= width) last.push(outcome);
  else
    rows.push(
      ...wrapSpans([{ text: '   ' }, { ...outcome, text: outcome.text.slice(3) }], width, '   '),
    );
  return rows;
}

/** A tool's output rows: all of it, or folded its head, its tail or nothing, with the rest counted. */
function outputRows(segment: Extract<Segment, { kind: 'output' }>, w: number): Line[] {
  const all = sanitize(segment.text).replace(/\n$/, '').split('\n');
  const mode = segment.folded ? (segment.whenFolded ?? 'head') : 'all';
  if (mode === 'none') return [];
  const kept = mode === 'tail' ? TAIL_LINES : FOLD_LINES;
  const hidden = mode === 'all' ? 0 : Math.max(0, all.length - kept);
  const shown = mode === 'tail' ? all.slice(hidden) : all.slice(0, all.length - hidden);
  const rows = shown.flatMap((part) => wrapText(part, w - 4, 'dim').map(indent));
  if (hidden === 0) return rows;
  if (mode === 'tail') return [plain(`    … +${moreLines(hidden, '')} (Ctrl+O)`, 'dim'), ...rows];
  return [...rows, plain(`    … ${moreLines(hidden)}`, 'dim')];
}

/** The line under a call's status line: its progress while running, else its result. */
function toolDetail(segment: Extract<Segment, { kind: 'tool' }>): string | undefined {
  if (segment.state === 'running') return segment.progress;
  if (segment.state === 'waiting') return undefined;
  // A denial's summary is `denied` or `denied: REASON`: the verb already says "Denied".
  if (segment.state === 'denied' && segment.summary?.startsWith('denied')) {
    const reason = segment.summary.replace(/^denied:?\s*/, '');
    return reason ? `“${reason}”` : undefined;
  }
  return segment.summary;
}

const streams = new WeakMap<Segment, IncrementalMarkdown>();

/** The incremental renderer of a streaming assistant segment. */
function streamed(segment: Segment): IncrementalMarkdown {
  let renderer = streams.get(segment);
  if (!renderer) {
    renderer = new IncrementalMarkdown();
    streams.set(segment, renderer);
  }
  return renderer;
}

/** `1 more line`, `14 more lines`, `3 lines`. */
function moreLines(count: number, which = 'more '): string {
  return `${count} ${which}line${count === 1 ? '' : 's'}`;
}

function indent(row: Line): Line {
  return [{ text: '    ' }, ...row];
}

/** Whether a segment animates (its lines change with the spinner frame). */
export function isAnimated(segment: Segment): boolean {
  return (
    (segment.kind === 'tool' && segment.state === 'running') ||
    (segment.kind === 'subagent' && !segment.done)
  );
}
