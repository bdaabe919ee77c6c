import type { MarkedOptions, Token, TokensList } from 'marked';
import type { Line } from './line';

type RenderBlocks = typeof import('./markdown-blocks').renderBlocks;
let blocks: RenderBlocks | undefined;

/** The block renderer (and with it tables and highlighting), loaded on the first message. */
function renderBlocks(tokens: Token[], width: number): Line[] {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  blocks ??= (require('./markdown-blocks') as typeof import('./markdown-blocks')).renderBlocks;
  return blocks(tokens, width);
}

type Lex = (text: string, options: MarkedOptions) => TokensList;
let lexer: Lex | undefined;

/** Lexes with marked (GFM, a newline is a line break), loaded on the first text to render. */
function lex(text: string): Token[] {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  lexer ??= (require('marked') as typeof import('marked')).Lexer.lex;
  return lexer(text, { gfm: true, breaks: true });
}

/**
 * Assistant text as Markdown, through marked's lexer: headings, emphasis, lists (nested, task),
 * block quotes, rules, tables (aligned, wrapped to fit), links (URL kept visible) and code blocks
 * (highlighted when the language is known). Input must already be sanitized; every span is text
 * (painters escape blessed tags), nothing is interpreted as terminal control.
 */
export function renderMarkdown(text: string, width: number): Line[] {
  return renderBlocks(lex(text), width);
}

/**
 * Renders a growing text cheaply: blocks that another block has followed are rendered once and
 * kept, and so are the lines of the open paragraph but its last two; only the open tail is lexed
 * and rendered again. Restarts when the width changes or the text is not an extension of what
 * was kept. The finished message is rendered whole once (`renderMarkdown`).
 */
export class IncrementalMarkdown {
  private kept = '';
  private width = 0;
  private stable: Line[] = [];

  render(text: string, width: number): Line[] {
    if (width !== this.width || !text.startsWith(this.kept)) {
      this.kept = '';
      this.width = width;
      this.stable = [];
    }
    let tail = text.slice(this.kept.length);
    let tokens = lex(tail);
    const cut = stableLength(tokens);
    if (cut > 0) {
      const settled = tail.slice(0, cut);
      this.stable = this.stable.concat(renderMarkdown(settled, width));
      this.kept += settled;
      tail = tail.slice(cut);
      tokens = lex(tail);
    }
    return this.stable.concat(renderBlocks(tokens, width));
  }
}

/**
 * How much of a tail's source is settled: every block before the last one, and the lines of a
 * trailing paragraph except its last two (the next line could still make the paragraph a table
 * header or a heading underline). Only lengths of whole tokens' raw text are counted.
 */
function stableLength(tokens: Token[]): number {
  let last = tokens.length - 1;
  while (last >= 0 && tokens[last]!.type === 'space') last--;
  if (last < 0) return 0;
  let length = 0;
  for (let i = 0; i < last; i++) length += tokens[i]!.raw.length;
  const open = tokens[last]!;
  if (open.type === 'paragraph') {
    const lines = open.raw.split('\n');
    if (lines.length > 3 && !/[`|*_~[\]<]/.test(open.raw)) {
      length += lines.slice(0, -2).join('\n').length + 1;
    }
  }
  return length;
}
