const START = '\x1b[200~';
const END = '\x1b[201~';
/**
 * Keys meant as "insert newline" that blessed would read as Enter: Shift+Enter as sent by
 * terminals with modifyOtherKeys or the kitty/CSI-u protocol, and Alt+Enter (ESC CR, or ESC LF),
 * which blessed splits into Escape and Enter.
 */
const NEWLINE_KEYS = /\x1b\[27;2;13~|\x1b\[13;2u|\x1b[\r\n]/g;

/**
 * Splits raw terminal input into ordinary key bytes and bracketed-paste bodies. Pastes are
 * reported whole (however the bytes are chunked), so their newlines are never Enter. Shift+Enter
 * and Alt+Enter are rewritten to a linefeed (Ctrl+J), which the input treats as "insert newline";
 * a lone Escape, or one before any other key, is passed on as it came.
 */
export class PasteFilter {
  private pending = '';
  private pasting = false;
  private body = '';

  constructor(
    private readonly onKeys: (data: string) => void,
    private readonly onPaste: (text: string) => void,
  ) {}

  push(chunk: string): void {
    let data = this.pending + chunk;
    this.pending = '';
    while (data.length > 0) {
      if (this.pasting) {
        const end = data.indexOf(END);
        if (end < 0) {
          const keep = partialSuffix(data, END);
          this.body += data.slice(0, data.length - keep);
          this.pending = data.slice(data.length - keep);
          return;
        }
        this.body += data.slice(0, end);
        this.pasting = false;
        const body = this.body;
        this.body = '';
        this.onPaste(body);
        data = data.slice(end + END.length);
        continue;
      }
      const start = data.indexOf(START);
      if (start < 0) {
        const keep = data.endsWith('\x1b') ? 0 : partialSuffix(data, START);
        this.emitKeys(data.slice(0, data.length - keep));
        this.pending = data.slice(data.length - keep);
        return;
      }
      this.emitKeys(data.slice(0, start));
      this.pasting = true;
      data = data.slice(start + START.length);
    }
  }

  private emitKeys(data: string): void {
    if (data) this.onKeys(data.replace(NEWLINE_KEYS, '\n'));
  }
}

/** Length of the longest suffix (a lone trailing ESC is the Escape key, never held back) of `data` that is a proper prefix of `marker`. */
function partialSuffix(data: string, marker: string): number {
  for (let n = Math.min(marker.length - 1, data.length); n > 0; n--) {
    if (data.endsWith(marker.slice(0, n))) return n;
  }
  return 0;
}
