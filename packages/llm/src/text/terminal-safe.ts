/**
 * Model and tool text is data: terminal control sequences (CSI, OSC, DCS/SOS/PM/APC strings,
 * single ESC commands, and their 8-bit C1 forms), C0/C1 control characters and bidi overrides
 * are removed, so a hostile string cannot recolour, move the cursor, retitle the terminal, write
 * the clipboard or reorder what is shown. Newlines are kept, CRLF and lone CR become newlines,
 * tabs become spaces.
 */
export function stripTerminalControls(text: string): string {
  if (!ANY_CONTROL.test(text)) return text;
  const filter = new TerminalTextFilter();
  return filter.push(text) + filter.end();
}

/** Characters the filter acts on; text without them passes through unchanged. */
const ANY_CONTROL = /[\x00-\x09\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069\u200e\u200f\u061c]/;
/** The next character of ground text that needs a decision. */
const SPECIAL = /[\x00-\x09\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069\u200e\u200f\u061c]/g;

type State =
  | 'ground'
  | 'escape'
  | 'escape-intermediate'
  | 'csi-params'
  | 'csi-intermediate'
  | 'osc'
  | 'osc-escape'
  | 'string'
  | 'string-escape';

/**
 * The streaming form of {@link stripTerminalControls}: feed text in chunks as it arrives and
 * write what `push` returns. A sequence cut at a chunk's end is remembered, not leaked: the rest
 * of it in the next chunk is dropped too. Holds no text between chunks (only the parser state),
 * so memory stays constant however long a sequence runs. Splitting a text anywhere gives the
 * same output as filtering it whole.
 */
export class TerminalTextFilter {
  private state: State = 'ground';
  private readonly tab: string;

  /** `keepTabs` passes tabs through (output to a terminal or file) instead of four spaces. */
  constructor(options: { keepTabs?: boolean } = {}) {
    this.tab = options.keepTabs ? '\t' : '    ';
  }

  /** The previous character was a CR already written as a newline: a LF right after is eaten. */
  private afterCR = false;

  push(chunk: string): string {
    let out = '';
    let i = 0;
    const n = chunk.length;
    while (i < n) {
      if (this.state === 'ground') {
        if (this.afterCR && chunk.charCodeAt(i) === 0x0a) {
          this.afterCR = false;
          i++;
          continue;
        }
        SPECIAL.lastIndex = i;
        const match = SPECIAL.exec(chunk);
        const stop = match ? match.index : n;
        if (stop > i) {
          out += chunk.slice(i, stop);
          this.afterCR = false;
          i = stop;
          continue;
        }
        out += this.ground(chunk.charCodeAt(i), chunk[i]!);
        i++;
        continue;
      }
      out += this.sequence(chunk.charCodeAt(i), chunk[i]!);
      i++;
    }
    return out;
  }

  /** Ends the text: an unfinished sequence is dropped. Returns what is left to write (nothing). */
  end(): string {
    this.state = 'ground';
    this.afterCR = false;
    return '';
  }

  /** A character of ground text that SPECIAL matched (or one that ended a sequence). */
  private ground(code: number, char: string): string {
    this.afterCR = false;
    switch (code) {
      case 0x0d:
        this.afterCR = true;
        return '\n';
      case 0x09:
        return this.tab;
      case 0x1b:
        this.state = 'escape';
        return '';
      case 0x9b:
        this.state = 'csi-params';
        return '';
      case 0x9d:
        this.state = 'osc';
        return '';
      case 0x90:
      case 0x98:
      case 0x9e:
      case 0x9f:
        this.state = 'string';
        return '';
      default:
        return ANY_CONTROL.test(char) ? '' : char;
    }
  }

  /** One character inside an escape sequence; it is never shown. */
  private sequence(code: number, char: string): string {
    switch (this.state) {
      case 'escape':
        if (code === 0x5b) this.state = 'csi-params';
        else if (code === 0x5d) this.state = 'osc';
        else if (code === 0x50 || code === 0x58 || code === 0x5e || code === 0x5f) {
          this.state = 'string';
        } else if (code >= 0x20 && code <= 0x2f) this.state = 'escape-intermediate';
        else if (code >= 0x30 && code <= 0x7e) this.state = 'ground';
        else return this.reprocess(code, char);
        return '';
      case 'escape-intermediate':
        if (code >= 0x20 && code <= 0x2f) return '';
        if (code >= 0x30 && code <= 0x7e) this.state = 'ground';
        else return this.reprocess(code, char);
        return '';
      case 'csi-params':
      case 'csi-intermediate':
        if (this.state === 'csi-params' && code >= 0x30 && code <= 0x3f) return '';
        if (code >= 0x20 && code <= 0x2f) {
          this.state = 'csi-intermediate';
          return '';
        }
        if (code >= 0x40 && code <= 0x7e) this.state = 'ground';
        else return this.reprocess(code, char);
        return '';
      case 'osc':
        if (code === 0x07 || code === 0x9c) this.state = 'ground';
        else if (code === 0x1b) this.state = 'osc-escape';
        return '';
      case 'string':
        if (code === 0x9c) this.state = 'ground';
        else if (code === 0x1b) this.state = 'string-escape';
        return '';
      case 'osc-escape':
      case 'string-escape':
        // ESC \ ends the string; any other ESC starts a new sequence.
        this.state = 'escape';
        if (code === 0x5c) {
          this.state = 'ground';
          return '';
        }
        return this.sequence(code, char);
      case 'ground':
        return '';
    }
  }

  /** A character that ends a sequence without belonging to it is handled as ground text. */
  private reprocess(code: number, char: string): string {
    this.state = 'ground';
    return this.ground(code, char);
  }
}
