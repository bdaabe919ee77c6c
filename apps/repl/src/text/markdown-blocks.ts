import type { Token, Tokens } from 'marked';
import { highlightCode } from './code-highlight';
import { plain, wrapSpans, type Line, type Span } from './line';
import { inlineLines } from './markdown-inline';
import { renderTable } from './markdown-table';

/** Rows of block tokens for `width` cells; blank lines between blocks come from `space` tokens. */
export function renderBlocks(tokens: readonly Token[], width: number): Line[] {
  const rows: Line[] = [];
  for (const token of tokens) rows.push(...renderBlock(token, width));
  return rows;
}

function renderBlock(token: Token, width: number): Line[] {
  const w = Math.max(4, width);
  switch (token.type) {
    case 'space':
      return [[]];
    case 'heading':
      return withGap(
        inlineLines(token.tokens, 'heading').flatMap((spans) =>
          wrapSpans(restyle(spans, 'heading'), w),
        ),
        token.raw,
      );
    case 'paragraph':
    case 'text':
      return withGap(paragraph(token.tokens, w), token.raw);
    case 'code':
      return withGap(codeBlock(String(token.text), String(token.lang ?? ''), w), token.raw);
    case 'blockquote':
      return withGap(
        renderBlocks(token.tokens ?? [], w - 2).map((row) => [
          { text: '│ ', style: 'dim' },
          ...row,
        ]),
        token.raw,
      );
    case 'list':
      return withGap(list(token as Tokens.List, w), token.raw);
    case 'table':
      return withGap(renderTable(token as Tokens.Table, w), token.raw);
    case 'hr':
      return withGap([plain('─'.repeat(w), 'dim')], token.raw);
    case 'html':
    case 'def':
    default:
      return withGap(
        String(token.raw)
          .replace(/\n+$/, '')
          .split('\n')
          .flatMap((line) => wrapSpans([{ text: line }], w)),
        token.raw,
      );
  }
}

/** A blank row after a block whose source ends with a blank line (the lexer folds it in). */
function withGap(rows: Line[], raw: string): Line[] {
  return /\n[ \t]*\n$/.test(raw) ? [...rows, []] : rows;
}

function paragraph(tokens: readonly Token[] | undefined, width: number): Line[] {
  return inlineLines(tokens).flatMap((spans) => wrapSpans(spans, width));
}

function restyle(spans: Span[], style: Span['style']): Span[] {
  return spans.map((span) => ({ ...span, style: span.style ?? style }));
}

/** A framed code block, highlighted when its language is known. */
export function codeBlock(code: string, lang: string, width: number): Line[] {
  const label = lang.trim() ? ` ${lang.trim()}` : '';
  const lines =
    highlightCode(code, lang) ?? code.split('\n').map((text) => [{ text, style: 'code' as const }]);
  const rows: Line[] = [plain(`┌─${label}`, 'dim')];
  for (const spans of lines) rows.push(...codeRows(spans, width));
  rows.push(plain('└─', 'dim'));
  return rows;
}

/** The framed rows of one line of code. */
export function codeRows(spans: Span[], width: number): Line[] {
  const wrapped = spans.length ? wrapSpans(spans, width - 2) : [[]];
  return wrapped.map((row): Line => [{ text: '│ ', style: 'dim' }, ...row]);
}

function list(token: Tokens.List, width: number): Line[] {
  const rows: Line[] = [];
  const start = typeof token.start === 'number' ? token.start : 1;
  token.items.forEach((item, index) => {
    const marker = token.ordered ? `${start + index}. ` : '• ';
    const task = item.task ? (item.checked ? '[x] ' : '[ ] ') : '';
    const bullet = marker + task;
    const indent = ' '.repeat(bullet.length);
    const body = renderBlocks(item.tokens, width - bullet.length);
    if (body.length === 0) body.push([]);
    body.forEach((row, r) => {
      rows.push([
        { text: r === 0 ? bullet : indent, style: r === 0 ? 'accent' : undefined },
        ...row,
      ]);
    });
    if (item.loose && index < token.items.length - 1 && body.at(-1)?.length) rows.push([]);
  });
  return rows;
}
