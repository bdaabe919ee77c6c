import type { QuestionnaireModel } from '@agent/askuser';
import { optionNumber } from '../view/option-number';
import {
  lineWidth,
  plain,
  wrapPieces,
  wrapSpans,
  wrapText,
  type Line,
  type Span,
} from '../text/line';
import { sanitize, sanitizeOneLine as oneLine } from '../text/sanitize';
import {
  clampRows,
  countedBottomRule,
  fitOptions,
  selectedRoom,
  windowOptions,
  type OptionBlocks,
} from '../view/card-fit';
import { distinctLabels } from './look-alike';
import { questionStrip } from './question-strip';

const CARET = '▏';

function boxed(row: Line, inner: number): Line {
  const pad = ' '.repeat(Math.max(0, inner - lineWidth(row)));
  return [{ text: '│ ', style: 'accent' }, ...row, { text: pad }, { text: ' │', style: 'accent' }];
}

/** Rows an option that is not selected may take; the selected one is shown in full. */
const UNSELECTED_ROWS = 2;

/** A typed answer on one row: its line breaks and tabs drawn (`⏎`, `→`), controls removed. */
function draftLine(text: string): string {
  return sanitize(text.replace(/\r?\n/g, '⏎').replace(/\t/g, '→'));
}

/** The draft as spans, with the caret drawn where the next character goes. */
function draftSpans(draft: string, cursor: number, editing: boolean): Span[] {
  if (!editing) return draft ? [{ text: draftLine(draft), style: 'dim' }] : [];
  const before = draftLine(draft.slice(0, cursor));
  const after = draftLine(draft.slice(cursor));
  return [
    { text: before, style: 'bold' },
    { text: CARET, style: 'accent' },
    { text: after, style: 'bold' },
  ].filter((span) => span.text !== '') as Span[];
}

/**
 * The hint rows: a notice (wrapped as text), or the keys, wrapped between its pieces. `Esc
 * cancel` comes first so that it survives when the card must be cut (a small terminal).
 */
function hintRows(model: QuestionnaireModel, strip: boolean, inner: number): Line[] {
  if (model.hint) return wrapSpans([{ text: oneLine(model.hint), style: 'warn' }], inner, '  ');
  const number = model.editing ? optionNumber(model.draft, model.current.options.length) : 0;
  if (number > 0) {
    const text = `Esc cancel · Enter sends "${number}" as typed text · ↑↓ picks option ${number}`;
    return wrapPieces(text, inner, 'warn', '  ');
  }
  const onOption = model.selected < model.current.options.length;
  const text = model.editing
    ? 'Esc cancel · Enter submit · ↑↓ choose an option'
    : model.selected === model.freeFormRow
      ? 'Esc cancel · Enter to type · ↑↓ select'
      : model.multiSelect && onOption
        ? 'Esc cancel · Space/Enter tick · ↑↓ select · any key types'
        : model.selected === model.doneRow
          ? 'Esc cancel · Enter confirm the ticked · ↑↓ select'
          : 'Esc cancel · ↑↓ select · Enter choose · any key types';
  const moves = strip && model.total > 1 ? ' · Tab/Shift+Tab question' : '';
  return wrapPieces(text + moves, inner, 'dim', '  ');
}

/** How the card is viewed: the rows it may take and the first question row shown. */
export interface CardView {
  /** Rows available on screen; undefined: unlimited. */
  maxRows?: number;
  /** First row of the wrapped question shown when the question must scroll. */
  questionTop?: number;
  /** First row of the selected option shown when it is too tall for the card. */
  optionTop?: number;
  /** Show the strip of all questions, and say how to move between them (the `ask_user` card). */
  strip?: boolean;
  /** Whether question `index` marks its first option `(recommended)`; absent: every question. */
  recommendFirst?: (index: number) => boolean;
}

/** A laid-out card and where its question window stands. */
export interface CardLayout {
  lines: Line[];
  /** Wrapped question rows in all, and the window shown. */
  questionRows: number;
  questionTop: number;
  questionShown: number;
  /** The selected option's wrapped rows, and the window of them shown. */
  optionRows: number;
  optionTop: number;
  optionShown: number;
}

function optionBlocks(
  model: QuestionnaireModel,
  inner: number,
  unselectedRows: number,
  recommend: boolean,
): OptionBlocks {
  let focus = 0;
  const shown = distinctLabels(model.current.options);
  const blocks = model.rows.map((label, index) => {
    const chosen = index === model.selected;
    const isOption = index < model.current.options.length;
    const check = model.multiSelect && isOption ? (model.ticked(index) ? '[✓] ' : '[ ] ') : '';
    const marker = `${chosen ? '❯' : ' '} ${index + 1}. ${check}`;
    const indent = ' '.repeat(marker.length);
    const style = chosen ? 'selected' : 'plain';
    const spans: Span[] = [{ text: marker, style: chosen ? 'accent' : 'dim' }];
    if (index === model.freeFormRow) {
      const draft = draftSpans(model.draft, model.cursor, model.editing && chosen);
      spans.push({ text: draft.length > 0 ? `${label}: ` : label, style });
      spans.push(...draft);
    } else if (!isOption) {
      spans.push({ text: label, style: chosen ? 'selected' : 'accent' });
    } else {
      const distinct = shown[index];
      spans.push(
        distinct === undefined ? { text: oneLine(label), style } : { text: distinct, style },
      );
      if (index === 0 && recommend && !/\(recommended\)/i.test(label)) {
        spans.push({ text: ' (recommended)', style: 'dim' });
      }
    }
    const wrapped = wrapSpans(spans, inner, indent);
    if (chosen) {
      const caretRow = wrapped.findIndex((row) => row.some((span) => span.text.includes(CARET)));
      focus = Math.max(0, caretRow);
    }
    return chosen ? wrapped : clampRows(wrapped, unselectedRows, inner);
  });
  return { blocks, selected: model.selected, focus };
}

/**
 * The live questionnaire card laid out for `width` columns and, when `view.maxRows` is given,
 * for the screen's height: the border, `Question N of M` and the start of the question always
 * show; when everything does not fit, unselected options take one row each, the question shows
 * a window of at least two rows (scrolled by `view.questionTop`), and the options are windowed
 * around the selected row, which is always in view. All model text is sanitized.
 */
export function layoutQuestionnaireCard(
  model: QuestionnaireModel,
  width: number,
  view: CardView = {},
): CardLayout {
  const w = Math.max(12, width);
  const inner = w - 4;
  const rule = '─'.repeat(Math.max(0, w - 2));
  const question = wrapText(sanitize(model.current.question), inner, 'bold');
  const header: Span[] = [
    { text: `Question ${model.questionIndex + 1} of ${model.total}`, style: 'accent' },
  ];
  const kept = keptNote(model);
  if (kept && lineWidth(header) + kept.length <= inner) header.push({ text: kept, style: 'ok' });
  const hint = hintRows(model, view.strip === true, inner);
  const strip = view.strip ? questionStrip(model, inner) : [];
  const frame = (body: Line[]): Line[] => [
    plain(`╭${rule}╮`, 'accent'),
    ...body.map((row) => boxed(row, inner)),
    plain(`╰${rule}╯`, 'accent'),
  ];
  const recommend = view.recommendFirst?.(model.questionIndex) ?? true;
  const full = optionBlocks(model, inner, UNSELECTED_ROWS, recommend);
  const roomy = [[...header], ...strip, ...question, [], ...full.blocks.flat(), ...hint];
  const selectedRows = full.blocks[full.selected]!.length;
  const all = {
    questionRows: question.length,
    questionTop: 0,
    questionShown: question.length,
    optionRows: selectedRows,
    optionTop: 0,
    optionShown: selectedRows,
  };
  if (view.maxRows === undefined || roomy.length + 2 <= view.maxRows) {
    return { lines: frame(roomy), ...all };
  }

  const shortStrip = clampRows(strip, 1, inner);
  // Too few rows for the usual cut (a 30x10 terminal): the strip goes (the header still says
  // which question), the `N more` counts move into the bottom border, and the question comes
  // before the selected option's later rows, so the card fits the screen.
  const cramped = view.maxRows - 4 - shortStrip.length < 4;
  const hintShown = cramped && view.maxRows < 6 ? [] : clampRows(hint, 1, inner);
  const body = cramped
    ? Math.max(2, view.maxRows - 3 - hintShown.length)
    : view.maxRows - 4 - shortStrip.length;
  const tight = optionBlocks(model, inner, 1, recommend);
  const optionRows = tight.blocks.reduce((sum, block) => sum + block.length, 0);
  const tallOption = tight.blocks[tight.selected]!.length;
  const roomFor = (rows: number) => (cramped ? Math.max(1, rows) : selectedRoom(tight, rows));
  // A selected option too tall for the card gets every row the question can give up.
  const minQuestion = Math.min(question.length, tallOption > roomFor(body - 2) ? 1 : 2);
  const shown = cramped
    ? Math.min(question.length, body - 1)
    : Math.max(minQuestion, Math.min(question.length, body - optionRows));
  const top = Math.min(Math.max(0, view.questionTop ?? 0), question.length - shown);
  const window = questionWindow(question, top, shown, inner);
  let head = header;
  if (shown < question.length) {
    head = withWhere(head, model, `PgUp/PgDn ${top + 1}-${top + shown}/${question.length}`, inner);
  }
  const own = roomFor(body - shown);
  const optionCut = tallOption > own && !model.editing;
  const optionTop = optionCut ? Math.min(Math.max(0, view.optionTop ?? 0), tallOption - own) : 0;
  if (optionCut && shown >= question.length) {
    head = withWhere(
      head,
      model,
      `PgUp/PgDn ${optionTop + 1}-${optionTop + own}/${tallOption}`,
      inner,
    );
  }
  if (optionCut) tight.top = optionTop;
  const rows = [head, ...(cramped ? [] : shortStrip), ...window];
  let bottom: Line | undefined;
  if (cramped) {
    const fitted = windowOptions(tight, body - shown);
    rows.push(...fitted.rows);
    bottom = countedBottomRule(fitted.above, fitted.below, w);
  } else {
    rows.push(
      ...fitOptions(tight, body - shown, (count, up) => [
        { text: `    ${up ? '↑' : '↓'} ${count} more`, style: 'dim' },
      ]),
    );
  }
  const lines = frame([...rows, ...hintShown]);
  if (bottom) lines[lines.length - 1] = bottom;
  return {
    lines,
    questionRows: question.length,
    questionTop: top,
    questionShown: shown,
    optionRows: tallOption,
    optionTop,
    optionShown: optionCut ? own : tallOption,
  };
}

/**
 * Rows `top` to `top + shown` of the wrapped question, marked `…` where more is hidden above or
 * below when the row has room for it: a full row is never cut (the header says where the
 * window stands), so every character shows on some page.
 */
function questionWindow(question: Line[], top: number, shown: number, inner: number): Line[] {
  const window = question.slice(top, top + shown).map((row) => [...row]);
  const ellipsis = (): Span => ({ text: '…', style: 'dim' });
  const last = window[window.length - 1];
  if (last && top + shown < question.length && lineWidth(last) < inner) last.push(ellipsis());
  const first = window[0];
  if (first && top > 0 && lineWidth(first) < inner) first.unshift(ellipsis());
  return window;
}

/**
 * The header with where a scrolled window stands (`· PgUp/PgDn 1-2/5`); on a narrow card the
 * header shortens to `Q1/2` to make room, since the way to the rest matters more.
 */
function withWhere(
  header: Span[],
  model: QuestionnaireModel,
  where: string,
  inner: number,
): Span[] {
  const more: Span = { text: ` · ${where}`, style: 'dim' };
  if (lineWidth(header) + more.text.length <= inner) return [...header, more];
  const short: Span = { text: `Q${model.questionIndex + 1}/${model.total}`, style: 'accent' };
  return lineWidth([short, more]) <= inner ? [short, more] : header;
}

/** ` · kept decision from 2026-12-01` when the question on screen matches a kept decision. */
function keptNote(model: QuestionnaireModel): string | undefined {
  const kept = model.presetFor(model.questionIndex);
  if (!kept) return undefined;
  return kept.decidedAt
    ? ` · kept decision from ${kept.decidedAt.slice(0, 10)}`
    : ' · kept decision';
}

/** The live card's rows (see `layoutQuestionnaireCard`). */
export function renderQuestionnaireCard(
  model: QuestionnaireModel,
  width: number,
  view: CardView = {},
): Line[] {
  return layoutQuestionnaireCard(model, width, view).lines;
}
