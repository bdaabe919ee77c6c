/** A piece of streamed model text: prose to show, or one complete ```tool block. */
export type ParsedPiece =
  { kind: 'text'; text: string } | { kind: 'call'; name: string; arguments: string };

const FENCE = '```tool';
const OPEN_AT_START = /^```tool[ \t]*\r?\n/;
const OPEN_AFTER_NEWLINE = /\n```tool[ \t]*\r?\n/;
const CLOSE = /\n```[ \t]*\r?\n/;
const CLOSE_AT_END = /\n```[ \t]*\r?\n?$/;

/**
 * Splits streamed text into prose and ```tool blocks as it arrives. Prose is released as soon as
 * it cannot be the start of a fence line; a block is released when its closing fence arrives.
 * No text is ever dropped: what is not a block comes out as prose.
 */
export class ToolBlockParser {
  private buffer = '';
  private inBlock = false;
  private atLineStart = true;

  push(delta: string): ParsedPiece[] {
    this.buffer += delta;
    const pieces: ParsedPiece[] = [];
    for (;;) {
      if (this.inBlock) {
        const close = CLOSE.exec(`\n${this.buffer}`);
        if (!close) break;
        const body = `\n${this.buffer}`.slice(1, Math.max(1, close.index));
        this.buffer = `\n${this.buffer}`.slice(close.index + close[0].length);
        this.inBlock = false;
        this.atLineStart = true;
        pieces.push(blockCall(body));
        continue;
      }
      const open =
        (this.atLineStart ? OPEN_AT_START.exec(this.buffer) : null) ??
        OPEN_AFTER_NEWLINE.exec(this.buffer);
      if (open) {
        const fenceAt = open[0].startsWith('\n') ? open.index + 1 : open.index;
        if (fenceAt > 0) pieces.push({ kind: 'text', text: this.buffer.slice(0, fenceAt) });
        this.buffer = this.buffer.slice(open.index + open[0].length);
        this.inBlock = true;
        continue;
      }
      this.releaseProse(pieces);
      break;
    }
    return pieces;
  }

  /** The end of a complete response: an unclosed block still counts as a (possibly malformed) call. */
  finish(): ParsedPiece[] {
    const pieces: ParsedPiece[] = [];
    if (this.inBlock) {
      const body = this.buffer.replace(CLOSE_AT_END, '');
      if (body.trim()) pieces.push(blockCall(body));
    } else if (this.buffer) {
      pieces.push({ kind: 'text', text: this.buffer });
    }
    this.reset();
    return pieces;
  }

  /** The end of a broken response: prose is kept, an unfinished block is not a call. */
  abandon(): ParsedPiece[] {
    const pieces: ParsedPiece[] =
      !this.inBlock && this.buffer ? [{ kind: 'text', text: this.buffer }] : [];
    this.reset();
    return pieces;
  }

  private releaseProse(pieces: ParsedPiece[]): void {
    const lastNewline = this.buffer.lastIndexOf('\n');
    const lineStart = lastNewline >= 0 ? lastNewline + 1 : this.atLineStart ? 0 : -1;
    const tail = lineStart >= 0 ? this.buffer.slice(lineStart) : '';
    const hold = lineStart >= 0 && mayOpenFence(tail);
    const release = hold ? this.buffer.slice(0, lineStart) : this.buffer;
    if (release) pieces.push({ kind: 'text', text: release });
    if (hold) {
      this.buffer = tail;
      this.atLineStart = true;
    } else {
      this.atLineStart = this.buffer.endsWith('\n');
      this.buffer = '';
    }
  }

  private reset(): void {
    this.buffer = '';
    this.inBlock = false;
    this.atLineStart = true;
  }
}

function mayOpenFence(line: string): boolean {
  return FENCE.startsWith(line) || /^```tool[ \t]*\r?$/.test(line);
}

/**
 * A block's call. Valid JSON with a string `name` gives that name and its `arguments` as JSON
 * text; anything else keeps the raw block text as the arguments, so the tool loop answers with
 * an error the model can correct.
 */
export function blockCall(body: string): ParsedPiece & { kind: 'call' } {
  const text = body.trim();
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) {
      const { name, arguments: args } = parsed as { name?: unknown; arguments?: unknown };
      if (typeof name === 'string') {
        const json = typeof args === 'string' ? args : JSON.stringify(args ?? {});
        return { kind: 'call', name, arguments: json };
      }
    }
  } catch {
    // falls through to the raw text
  }
  const name = /"name"\s*:\s*"((?:[^"\\]|\\.)*)"/.exec(text)?.[1] ?? '';
  return { kind: 'call', name, arguments: text };
}
