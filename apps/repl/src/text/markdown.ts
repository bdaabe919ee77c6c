import { plain, wrapSpans, type Line, type Span } from './line';

/**
 * Light Markdown for assistant text: ATX headings, bullet and numbered lists, fenced code
 * blocks, block quotes, inline `code` and **bold**. Input must already be sanitized; the
 * output is wrapped to `width` and never interprets anything as terminal control.
 */
export function renderMarkdown(text: string, width: number): Line[] {
  return renderMarkdownFrom(text, width, false).lines;
}

/** Renders from a known code-fence state and reports the state after the text. */
export function renderMarkdownFrom(
  text: string,
  width: number,
  startInCode: boolean,
): { lines: Line[]; inCode: boolean } {
  const out: Line[] = [];
  let inCode = startInCode;
  for (const source of text.split('\n')) {
    const fence = /^\s*(```|~~~)(.*)$/.exec(source);
    if (fence) {
      inCode = !inCode;
      const label = inCode && fence[2]!.trim() ? ` ${fence[2]!.trim()}` : '';
      out.push(plain(inCode ? `┌─${label}` : '└─', 'dim'));
      continue;
    }
    if (inCode) {
      out.push(...wrapSpans([{ text: source, style: 'code' }], width - 2, '').map(codeRow));
      continue;
    }
    out.push(...renderBlockLine(source, width));
  }
  return { lines: out, inCode };
}

/**
 * Renders a growing text cheaply: complete lines are rendered once and kept; only the last,
 * still-growing line is rendered again. Restarts when the width changes or the text is not an
 * extension of what was rendered.
 */
export class IncrementalMarkdown {
  private text = '';
  private width = 0;
  private stable: Line[] = [];
  private inCode = false;

  render(text: string, width: number): Line[] {
    if (width !== this.width || !text.startsWith(this.text)) {
      this.text = '';
      this.width = width;
      this.stable = [];
      this.inCode = false;
    }
    const cut = text.lastIndexOf('\n');
    if (cut >= this.text.length) {
      const fresh = renderMarkdownFrom(text.slice(this.text.length, cut), width, this.inCode);
      this.stable = this.stable.concat(fresh.lines);
      this.inCode = fresh.inCode;
      this.text = text.slice(0, cut + 1);
    }
    const tail = renderMarkdownFrom(text.slice(this.text.length), width, this.inCode).lines;
    return this.stable.concat(tail);
  }
}

function codeRow(row: Line): Line {
  return [{ text: '│ ', style: 'dim' }, ...row];
}

function renderBlockLine(source: string, width: number): Line[] {
  const heading = /^(#{1,6})\s+(.*)$/.exec(source);
  if (heading) return wrapSpans([{ text: heading[2]!, style: 'heading' }], width);
  const bullet = /^(\s*)[-*+]\s+(.*)$/.exec(source);
  if (bullet) {
    const pad = ' '.repeat(Math.min(bullet[1]!.length, 8));
    return wrapSpans([{ text: `${pad}• ` }, ...inline(bullet[2]!)], width, `${pad}  `);
  }
  const numbered = /^(\s*)(\d+[.)])\s+(.*)$/.exec(source);
  if (numbered) {
    const pad = ' '.repeat(Math.min(numbered[1]!.length, 8));
    const marker = `${pad}${numbered[2]} `;
    return wrapSpans([{ text: marker }, ...inline(numbered[3]!)], width, ' '.repeat(marker.length));
  }
  const quote = /^>\s?(.*)$/.exec(source);
  if (quote) {
    return wrapSpans(inline(quote[1]!), width - 2).map((row) => [
      { text: '│ ', style: 'dim' },
      ...row,
    ]);
  }
  return wrapSpans(inline(source), width);
}

/** Inline `code` and **bold**; unmatched markers stay as typed. */
export function inline(text: string): Span[] {
  const spans: Span[] = [];
  const pattern = /`([^`]+)`|\*\*([^*]+)\*\*/g;
  let last = 0;
  for (let m = pattern.exec(text); m; m = pattern.exec(text)) {
    if (m.index > last) spans.push({ text: text.slice(last, m.index) });
    if (m[1] !== undefined) spans.push({ text: m[1], style: 'code' });
    else spans.push({ text: m[2]!, style: 'bold' });
    last = m.index + m[0].length;
  }
  if (last < text.length || spans.length === 0) spans.push({ text: text.slice(last) });
  return spans;
}
