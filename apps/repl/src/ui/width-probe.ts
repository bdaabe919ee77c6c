import type { TerminalWidths } from '../text/width';

/** One cluster of each kind terminals draw at different widths, in the order they are asked. */
const SKIN_TONE = '\u{1F44D}\u{1F3FD}';
const PRESENTATION = '\u2764\uFE0F';
const ASKED = 2;
/** A cursor position report, `ESC [ row ; column R`. */
const REPORT = /\x1b\[\d+;(\d+)R/;

/**
 * Asks the terminal how wide it draws the clusters terminals disagree on (see TerminalWidths):
 * each is written at the top-left corner and followed by a cursor position request (DSR 6), whose
 * report gives the column after it. A terminal that never answers leaves the measures as they
 * are. Reports are taken out of the input only while some are awaited, as `ESC [ 1 ; 5 R` is
 * also Ctrl+F3.
 */
export class WidthProbe {
  private readonly columns: number[] = [];
  private awaited = 0;

  constructor(private readonly onAnswer: (widths: TerminalWidths) => void) {}

  /** What to write to the terminal: the probes, then the row cleared and the cursor back. */
  request(): string {
    this.awaited = ASKED;
    const ask = (cluster: string): string => `\x1b[1;1H${cluster}\x1b[6n`;
    return `\x1b7${ask(SKIN_TONE)}${ask(PRESENTATION)}\x1b[1;1H\x1b[2K\x1b8`;
  }

  /** `data` from the terminal without the awaited reports, which are taken as answers. */
  take(data: string): string {
    while (this.awaited > 0) {
      const report = REPORT.exec(data);
      if (!report) break;
      data = data.slice(0, report.index) + data.slice(report.index + report[0].length);
      this.columns.push(Number(report[1]) - 1);
      if (--this.awaited === 0) {
        const [skinTone, presentation] = this.columns as [number, number];
        this.onAnswer({ skinToneApart: skinTone > 2, narrowPresentation: presentation < 2 });
      }
    }
    return data;
  }
}
