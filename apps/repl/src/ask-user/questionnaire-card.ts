import type { QuestionnaireModel } from '@agent/askuser';
import type { QuestionnaireSummary } from '@agent/tools';
import { lineWidth, plain, wrapSpans, wrapText, type Line, type Span } from '../text/line';
import { sanitize } from '../text/sanitize';

const CARET = '▏';

/** One line of model text: control sequences removed, newlines and tabs flattened. */
function oneLine(text: string): string {
  return sanitize(text).replace(/\s*\n\s*/g, ' ');
}

function boxed(row: Line, inner: number): Line {
  const pad = ' '.repeat(Math.max(0, inner - lineWidth(row)));
  return [{ text: '│ ', style: 'accent' }, ...row, { text: pad }, { text: ' │', style: 'accent' }];
}

/** Rows an option that is not selected may take; the selected one is shown in full. */
const UNSELECTED_ROWS = 2;

/** Keeps the first `max` rows, ending the last kept one with an ellipsis when rows were cut. */
function clampRows(rows: Line[], max: number, width: number): Line[] {
  if (rows.length <= max) return rows;
  const kept = rows.slice(0, max).map((row) => row.map((span) => ({ ...span })));
  const last = kept[kept.length - 1]!;
  while (last.length > 0 && lineWidth(last) + 1 > width) {
    const span = last[last.length - 1]!;
    const chars = Array.from(span.text);
    chars.pop();
    span.text = chars.join('');
    if (span.text === '') last.pop();
  }
  last.push({ text: '…', style: 'dim' });
  return kept;
}

/** The draft as spans, with the caret drawn where the next character goes. */
function draftSpans(draft: string, cursor: number, editing: boolean): Span[] {
  if (!editing) return draft ? [{ text: oneLine(draft), style: 'dim' }] : [];
  const before = oneLine(draft.slice(0, cursor));
  const after = oneLine(draft.slice(cursor));
  return [
    { text: before, style: 'bold' },
    { text: CARET, style: 'accent' },
    { text: after, style: 'bold' },
  ].filter((span) => span.text !== '') as Span[];
}

function hintFor(model: QuestionnaireModel): Span {
  if (model.hint) return { text: oneLine(model.hint), style: 'warn' };
  const text = model.editing
    ? 'Enter submit · ↑↓ choose an option · Esc cancel'
    : model.selected === model.freeFormRow
      ? 'Enter to type · ↑↓ select · Esc cancel'
      : '↑↓ select · Enter choose · type to answer · Esc cancel';
  return { text, style: 'dim' };
}

/**
 * The live questionnaire card for `width` columns: `Question N of M`, the wrapped question, the
 * numbered options (the first marked as recommended), the free-form row with its draft and caret
 * while editing, and a hint line. All model text is sanitized; rows never exceed `width`.
 */
export function renderQuestionnaireCard(model: QuestionnaireModel, width: number): Line[] {
  const w = Math.max(12, width);
  const inner = w - 4;
  const rule = '─'.repeat(Math.max(0, w - 2));
  const rows: Line[] = [plain(`╭${rule}╮`, 'accent')];
  const push = (lines: Line[]) => rows.push(...lines.map((row) => boxed(row, inner)));

  push([[{ text: `Question ${model.questionIndex + 1} of ${model.total}`, style: 'accent' }]]);
  push(wrapText(sanitize(model.current.question), inner, 'bold'));
  push([[]]);
  model.rows.forEach((label, index) => {
    const chosen = index === model.selected;
    const marker = `${chosen ? '❯' : ' '} ${index + 1}. `;
    const indent = ' '.repeat(marker.length);
    const style = chosen ? 'selected' : 'plain';
    const spans: Span[] = [{ text: marker, style: chosen ? 'accent' : 'dim' }];
    if (index === model.freeFormRow) {
      const draft = draftSpans(model.draft, model.cursor, model.editing && chosen);
      spans.push({ text: draft.length > 0 ? `${label}: ` : label, style });
      spans.push(...draft);
    } else {
      spans.push({ text: oneLine(label), style });
      if (index === 0) spans.push({ text: ' (recommended)', style: 'dim' });
    }
    const wrapped = wrapSpans(spans, inner, indent);
    push(chosen ? wrapped : clampRows(wrapped, UNSELECTED_ROWS, inner));
  });
  push(wrapSpans([hintFor(model)], inner, '  '));
  rows.push(plain(`╰${rule}╯`, 'accent'));
  return rows;
}

/**
 * The compact, non-interactive account of an answered or cancelled questionnaire (also used to
 * replay saved sessions): a headline, then each answered question with its answer, typed
 * answers marked. `interrupted` is for a turn stopped (Ctrl+C) while the card was open;
 * `'unknown'` when the answers given before that were not saved.
 */
export function renderQuestionnaireSummary(
  summary: QuestionnaireSummary,
  width: number,
  options: { interrupted?: boolean | 'unknown' } = {},
): Line[] {
  const w = Math.max(12, width);
  const head: Span[] = options.interrupted
    ? [
        { text: '■ ', style: 'warn' },
        { text: 'Questionnaire ', style: 'dim' },
        {
          text:
            options.interrupted === 'unknown'
              ? `interrupted (${summary.total} question${summary.total === 1 ? '' : 's'})`
              : `interrupted after ${summary.answered} of ${summary.total}`,
          style: 'warn',
        },
      ]
    : summary.cancelled
      ? [
          { text: '⊘ ', style: 'warn' },
          { text: 'Questionnaire ', style: 'dim' },
          { text: summary.headline, style: 'warn' },
        ]
      : [
          { text: '✓ ', style: 'ok' },
          { text: 'Questionnaire: ', style: 'dim' },
          { text: summary.headline, style: 'ok' },
        ];
  const rows = wrapSpans(head, w, '  ');
  for (const item of summary.items) {
    rows.push(...wrapSpans([{ text: `  ${oneLine(item.question)}`, style: 'dim' }], w, '  '));
    const answer: Span[] = [
      { text: '    → ', style: 'dim' },
      { text: oneLine(item.answer), style: 'bold' },
    ];
    if (item.custom) answer.push({ text: ' (typed)', style: 'dim' });
    rows.push(...wrapSpans(answer, w, '      '));
  }
  return rows;
}
