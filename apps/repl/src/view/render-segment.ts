import { IncrementalMarkdown, renderMarkdown } from '../text/markdown';
import { plain, wrapSpans, wrapText, type Line, type SpanStyle } from '../text/line';
import { sanitize } from '../text/sanitize';
import type { Segment, ToolState } from './segment';

export const SPINNER = ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏'];

/** Steps of a folded subagent segment shown (the latest). */
const SUBAGENT_STEPS = 3;

/** Lines of folded tool output shown before "… N more lines". */
export const FOLD_LINES = 6;

const TOOL_MARK: Record<ToolState, [string, SpanStyle]> = {
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
      const verb = segment.state === 'running' ? 'Running' : 'Ran';
      const title = sanitize(segment.title || segment.name).replace(/\n/g, ' ');
      const rows = wrapSpans(
        [
          { text: `${icon} `, style },
          { text: `${verb} `, style: 'dim' },
          { text: title, style: 'bold' },
        ],
        w,
        '  ',
      );
      const detail = segment.state === 'running' ? segment.progress : segment.summary;
      if (detail && detail !== segment.title) {
        const oneLine = sanitize(detail).replace(/\n/g, ' ');
        const detailStyle: SpanStyle = segment.state === 'error' ? 'error' : 'dim';
        rows.push(...wrapSpans([{ text: `  ⎿ ${oneLine}`, style: detailStyle }], w, '    '));
      }
      return rows;
    }
    case 'diff':
      return renderDiff(sanitize(segment.diff), w);
    case 'output': {
      const all = sanitize(segment.text).replace(/\n$/, '').split('\n');
      const shown = segment.folded ? all.slice(0, FOLD_LINES) : all;
      const rows = shown.flatMap((part) => wrapText(part, w - 4, 'dim').map(indent));
      if (segment.folded && all.length > FOLD_LINES) {
        rows.push(plain(`    … ${moreLines(all.length - FOLD_LINES)}`, 'dim'));
      }
      return rows;
    }
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
      return wrapText(sanitize(segment.text), w, 'dim');
    case 'custom':
      return segment.render(w);
  }
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

/** `1 more line`, `14 more lines`. */
export function moreLines(count: number): string {
  return `${count} more line${count === 1 ? '' : 's'}`;
}

function indent(row: Line): Line {
  return [{ text: '    ' }, ...row];
}

/** Coloured rows of a unified diff (sanitized input), at most `maxLines` source lines. */
export function renderDiff(diff: string, width: number, maxLines = Infinity): Line[] {
  const rows: Line[] = [];
  const parts = diff.replace(/\n$/, '').split('\n');
  for (const part of parts.slice(0, maxLines)) {
    let style: SpanStyle = 'dim';
    if (part.startsWith('+') && !part.startsWith('+++')) style = 'added';
    else if (part.startsWith('-') && !part.startsWith('---')) style = 'removed';
    else if (part.startsWith('@@')) style = 'accent';
    rows.push(...wrapText(part, width - 4, style).map(indent));
  }
  if (parts.length > maxLines)
    rows.push(plain(`    … ${moreLines(parts.length - maxLines)}`, 'dim'));
  return rows;
}

/** Whether a segment animates (its lines change with the spinner frame). */
export function isAnimated(segment: Segment): boolean {
  return (
    (segment.kind === 'tool' && segment.state === 'running') ||
    (segment.kind === 'subagent' && !segment.done)
  );
}
