/** A paste with more lines than this, or more characters, is shown as a placeholder. */
export const PASTE_MAX_LINES = 10;
export const PASTE_MAX_CHARS = 1000;

/**
 * Large pastes of the prompt being edited: each shows in the input as one placeholder such as
 * `[Pasted text #1 +60 lines]`, edited as a unit, and is put back whole when the prompt is sent.
 * A placeholder the person has broken by hand is plain text again.
 */
export class PastedTexts {
  private readonly texts = new Map<string, string>();
  private count = 0;

  /** The placeholder for `text` when it is large (remembering the text), else undefined. */
  add(text: string): string | undefined {
    const lines = text.replace(/\n$/, '').split('\n').length;
    if (lines <= PASTE_MAX_LINES && text.length <= PASTE_MAX_CHARS) return undefined;
    this.count++;
    const size = lines > 1 ? `+${lines} lines` : `${text.length} chars`;
    const label = `[Pasted text #${this.count} ${size}]`;
    this.texts.set(label, text);
    return label;
  }

  /** `text` with every placeholder replaced by the paste it stands for. */
  expand(text: string): string {
    return expandPastes(text, this.texts);
  }

  /** The pastes whose placeholders `text` holds (placeholder → paste), to `restore` later. */
  heldIn(text: string): ReadonlyMap<string, string> {
    return new Map([...this.texts].filter(([label]) => text.includes(label)));
  }

  /** Holds just `texts` (from `heldIn`); a new paste is numbered after the highest of them. */
  restore(texts: ReadonlyMap<string, string>): void {
    this.clear();
    for (const [label, text] of texts) {
      this.texts.set(label, text);
      this.count = Math.max(this.count, Number(/^\[Pasted text #(\d+) /.exec(label)?.[1] ?? 0));
    }
  }

  /** Length of the placeholder that ends at `index` of `text`, or 0. */
  endingAt(text: string, index: number): number {
    for (const label of this.texts.keys()) {
      if (index >= label.length && text.startsWith(label, index - label.length))
        return label.length;
    }
    return 0;
  }

  /** Length of the placeholder that starts at `index` of `text`, or 0. */
  startingAt(text: string, index: number): number {
    for (const label of this.texts.keys()) if (text.startsWith(label, index)) return label.length;
    return 0;
  }

  /**
   * Where `index` should go so it is not inside a placeholder: itself when it is not; else the
   * placeholder's end, or its start with `toStart` (a caret moving up or back).
   */
  outside(text: string, index: number, toStart = false): number {
    for (const label of this.texts.keys()) {
      let at = text.indexOf(label);
      while (at >= 0) {
        if (index > at && index < at + label.length) return toStart ? at : at + label.length;
        at = text.indexOf(label, at + 1);
      }
    }
    return index;
  }

  clear(): void {
    this.texts.clear();
    this.count = 0;
  }
}

/** `text` with each placeholder of `texts` (placeholder → paste) replaced by its paste. */
export function expandPastes(text: string, texts: ReadonlyMap<string, string>): string {
  let out = text;
  for (const [label, pasted] of texts) out = out.split(label).join(pasted);
  return out;
}
