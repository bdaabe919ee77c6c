import type { MarkedOptions, Token, TokensList } from 'marked';
import { plain, wrapText, type Line } from './line';
import { widthGeneration } from './width';

type Blocks = typeof import('./markdown-blocks');
let blocksModule: Blocks | undefined;

/** The block renderer (and with it tables and highlighting), loaded on the first message. */
function blocks(): Blocks {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  blocksModule ??= require('./markdown-blocks') as Blocks;
  return blocksModule;
}

function renderBlocks(tokens: Token[], width: number): Line[] {
  return blocks().renderBlocks(tokens, width);
}

type Lex = (text: string, options: MarkedOptions) => TokensList;
let lexer: { lex: Lex; options: MarkedOptions } | undefined;

/** Characters an emphasis or a link may span: marked's search for its end is quadratic unbounded. */
const EMPHASIS_SPAN = 250;
/** Longest inline text (a paragraph, a cell) parsed for emphasis, links and code spans. */
const MAX_INLINE = 1500;
/** Block quotes or lists nested deeper than this make the text plain (marked recurses per level). */
const MAX_NESTING = 16;
const TOO_DEEP = new RegExp(
  `^(?:[ \\t]*>){${MAX_NESTING + 1}}|^[ \\t]{${MAX_NESTING * 4},}[-*+>]`,
  'm',
);

/** Lexes with marked (GFM, a newline is a line break), loaded on the first text to render. */
function lex(text: string): Token[] {
  lexer ??= loadLexer();
  return lexer.lex(text, lexer.options);
}

function loadLexer(): { lex: Lex; options: MarkedOptions } {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const marked = require('marked') as typeof import('marked');
  class BoundedTokenizer extends marked.Tokenizer {
    // Each search for a closing bracket or delimiter looks this far ahead at most.
    override link(src: string) {
      return super.link(src.slice(0, EMPHASIS_SPAN));
    }

    override reflink(
      src: string,
      links: Parameters<InstanceType<typeof marked.Tokenizer>['reflink']>[1],
    ) {
      return super.reflink(src.slice(0, EMPHASIS_SPAN), links);
    }

    override del(src: string) {
      return super.del(src.slice(0, EMPHASIS_SPAN));
    }

    override emStrong(src: string, maskedSrc: string, prevChar?: string) {
      if (src.length <= EMPHASIS_SPAN) return super.emStrong(src, maskedSrc, prevChar);
      const start = maskedSrc.length - src.length;
      return super.emStrong(
        src.slice(0, EMPHASIS_SPAN),
        maskedSrc.slice(start, start + EMPHASIS_SPAN),
        prevChar,
      );
    }
  }
  class BoundedLexer extends marked.Lexer {
    // A longer run of inline text is shown as typed: inline parsing is superlinear in its length.
    override inlineTokens(src: string, tokens: Token[] = []): Token[] {
      if (src.length <= MAX_INLINE) return super.inlineTokens(src, tokens);
      tokens.push({ type: 'text', raw: src, text: src, escaped: false });
      return tokens;
    }
  }
  return {
    lex: (text, options) => new BoundedLexer(options).lex(text),
    options: { gfm: true, breaks: true, tokenizer: new BoundedTokenizer() },
  };
}

/** Tokens of `text`, or undefined when it is nested too deeply or the lexer fails on it. */
function lexSafely(text: string): Token[] | undefined {
  if (TOO_DEEP.test(text)) return undefined;
  try {
    return lex(text);
  } catch {
    return undefined;
  }
}

/**
 * Model text is hostile input: text nested too deeply, or anything the lexer or renderer fails
 * on, is shown as plain wrapped lines instead, never breaking the screen.
 */
function renderTokens(tokens: Token[] | undefined, text: string, width: number): Line[] {
  if (tokens) {
    try {
      return renderBlocks(tokens, width);
    } catch {
      // shown plain below
    }
  }
  return wrapText(text, width);
}

/**
 * Assistant text as Markdown, through marked's lexer: headings, emphasis, lists (nested, task),
 * block quotes, rules, tables (aligned, wrapped to fit), links (URL kept visible) and code blocks
 * (highlighted when the language is known). Input must already be sanitized; every span is text
 * (painters escape blessed tags), nothing is interpreted as terminal control.
 */
export function renderMarkdown(text: string, width: number): Line[] {
  return renderTokens(lexSafely(text), text, width);
}

/**
 * Renders a growing text cheaply: blocks that another block has followed are rendered once and
 * kept, and so are the lines of the open paragraph but its last two; only the open tail is lexed
 * and rendered again. Restarts when the width (or the terminal's measures) changes or the text is not an extension of what
 * was kept. The finished message is rendered whole once (`renderMarkdown`).
 */
export class IncrementalMarkdown {
  private kept = '';
  private width = 0;
  /** widthGeneration() the kept rows were laid out with. */
  private widths = -1;
  private stable: Line[] = [];
  /** Rows of the open code block's lines, by line text (plain until the block closes). */
  private codeLines = new Map<string, Line[]>();

  render(text: string, width: number): Line[] {
    const widths = widthGeneration();
    if (width !== this.width || widths !== this.widths || !text.startsWith(this.kept)) {
      this.kept = '';
      this.width = width;
      this.widths = widths;
      this.stable = [];
      this.codeLines.clear();
    }
    let tail = text.slice(this.kept.length);
    let tokens = lexSafely(tail);
    const cut = tokens ? stableLength(tokens) : 0;
    if (cut > 0) {
      const settled = tail.slice(0, cut);
      this.stable = this.stable.concat(renderMarkdown(settled, width));
      this.kept += settled;
      this.codeLines.clear();
      tail = tail.slice(cut);
      tokens = lexSafely(tail);
    }
    const open = tokens?.at(-1);
    if (tokens && open?.type === 'code' && fenceOf(open.raw) && !isClosedFence(open.raw)) {
      try {
        return this.stable.concat(
          renderBlocks(tokens.slice(0, -1), width),
          this.openCode(String(open.text), String(open.lang ?? ''), width),
        );
      } catch {
        return this.stable.concat(wrapText(tail, width));
      }
    }
    return this.stable.concat(renderTokens(tokens, tail, width));
  }

  /** A code block still streaming: each line rendered once, highlighted when it closes. */
  private openCode(code: string, lang: string, width: number): Line[] {
    const { codeRows } = blocks();
    if (this.codeLines.size > 10_000) this.codeLines.clear();
    const rows: Line[] = [plain(`┌─${lang.trim() ? ` ${lang.trim()}` : ''}`, 'dim')];
    for (const line of code.split('\n')) {
      let lineRows = this.codeLines.get(line);
      if (!lineRows) {
        lineRows = codeRows(line ? [{ text: line, style: 'code' }] : [], width);
        this.codeLines.set(line, lineRows);
      }
      rows.push(...lineRows);
    }
    rows.push(plain('└─', 'dim'));
    return rows;
  }
}

/** The opening fence of a fenced code block's source, if it is one. */
function fenceOf(raw: string): string | undefined {
  return /^ {0,3}(`{3,}|~{3,})/.exec(raw)?.[1];
}

/** Whether a fenced code block's source ends with its closing fence. */
function isClosedFence(raw: string): boolean {
  const fence = fenceOf(raw);
  const lines = raw.replace(/\n+$/, '').split('\n');
  if (!fence || lines.length < 2) return false;
  const last = lines[lines.length - 1]!.trim();
  return last.startsWith(fence[0]!.repeat(fence.length)) && /^(`+|~+)$/.test(last);
}

/**
 * How much of a tail's source is settled: every block before the last one, a closed code block,
 * and the lines of a trailing paragraph except its last two (the next line could still make the
 * paragraph a table header or a heading underline). Only lengths of whole tokens' raw text are
 * counted.
 */
function stableLength(tokens: Token[]): number {
  let last = tokens.length - 1;
  while (last >= 0 && tokens[last]!.type === 'space') last--;
  if (last < 0) return 0;
  let length = 0;
  for (let i = 0; i < last; i++) length += tokens[i]!.raw.length;
  const open = tokens[last]!;
  // Settled with the newline after its closing fence, which is part of its source.
  if (open.type === 'code' && open.raw.endsWith('\n') && isClosedFence(open.raw)) {
    length += open.raw.length;
  }
  if (open.type === 'paragraph') {
    const lines = open.raw.split('\n');
    if (lines.length > 3 && !/[`|*_~[\]<]/.test(open.raw)) {
      length += lines.slice(0, -2).join('\n').length + 1;
    }
  }
  return length;
}
