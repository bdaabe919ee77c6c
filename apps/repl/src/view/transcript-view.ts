import type { Line } from '../text/line';
import type { Segment } from './segment';
import type { Transcript } from './transcript';

interface Anchor {
  segment: Segment;
  line: number;
}

/**
 * The visible window of a transcript. Following the tail by default; scrolling up pins the
 * bottom row to a line of a segment so new output does not move what the person is reading.
 * Only the segments inside the window are wrapped, so long transcripts stay cheap.
 */
export class TranscriptView {
  private anchor: Anchor | null = null;

  constructor(private readonly transcript: Transcript) {}

  get following(): boolean {
    return this.anchor === null;
  }

  followTail(): void {
    this.anchor = null;
  }

  /** Exactly the rows to show (at most `height`), top to bottom. */
  render(width: number, height: number, frame = 0): Line[] {
    const segments = this.transcript.segments;
    const end = this.bottom(segments, width, frame);
    if (!end) return [];
    const rows = this.collectUp(end.index, end.line, height, width, frame);
    if (rows.length < height && this.anchor) {
      const first = this.collectDown(height, width, frame);
      if (first.reachedEnd) this.anchor = null;
      else this.anchor = first.bottom;
      return first.rows;
    }
    return rows;
  }

  /** Moves the window by `delta` rows (negative = towards older output). */
  scroll(delta: number, width: number, height: number, frame = 0): void {
    const segments = this.transcript.segments;
    const end = this.bottom(segments, width, frame);
    if (!end || delta === 0) return;
    let { index, line } = end;
    let remaining = Math.abs(delta);
    if (delta < 0) {
      while (remaining > 0) {
        if (line > 0) {
          const step = Math.min(line, remaining);
          line -= step;
          remaining -= step;
        } else if (index > 0) {
          index--;
          line = this.transcript.linesOf(segments[index]!, width, frame).length - 1;
          remaining--;
        } else break;
      }
      this.anchor = { segment: segments[index]!, line: Math.max(0, line) };
      this.render(width, height, frame);
      return;
    }
    while (remaining > 0) {
      const count = this.transcript.linesOf(segments[index]!, width, frame).length;
      if (line < count - 1) {
        const step = Math.min(count - 1 - line, remaining);
        line += step;
        remaining -= step;
      } else if (index < segments.length - 1) {
        index++;
        line = 0;
        remaining--;
      } else {
        this.anchor = null;
        return;
      }
    }
    const last = segments.length - 1;
    const lastCount = this.transcript.linesOf(segments[last]!, width, frame).length;
    this.anchor =
      index === last && line >= lastCount - 1 ? null : { segment: segments[index]!, line };
  }

  private bottom(
    segments: readonly Segment[],
    width: number,
    frame: number,
  ): { index: number; line: number } | undefined {
    if (segments.length === 0) return undefined;
    if (this.anchor) {
      const index = segments.indexOf(this.anchor.segment);
      if (index >= 0) {
        const count = this.transcript.linesOf(segments[index]!, width, frame).length;
        return { index, line: Math.min(this.anchor.line, Math.max(0, count - 1)) };
      }
      this.anchor = null;
    }
    const index = segments.length - 1;
    return { index, line: this.transcript.linesOf(segments[index]!, width, frame).length - 1 };
  }

  private collectUp(index: number, line: number, height: number, width: number, frame: number) {
    const segments = this.transcript.segments;
    const chunks: Line[][] = [];
    let total = 0;
    let lines = this.transcript.linesOf(segments[index]!, width, frame).slice(0, line + 1);
    for (;;) {
      chunks.push(lines);
      total += lines.length;
      if (total >= height || index === 0) break;
      index--;
      lines = this.transcript.linesOf(segments[index]!, width, frame);
    }
    const rows: Line[] = [];
    for (let i = chunks.length - 1; i >= 0; i--) rows.push(...chunks[i]!);
    return rows.slice(Math.max(0, rows.length - height));
  }

  private collectDown(height: number, width: number, frame: number) {
    const segments = this.transcript.segments;
    const rows: Line[] = [];
    let bottom: Anchor | null = null;
    for (let index = 0; index < segments.length; index++) {
      const lines = this.transcript.linesOf(segments[index]!, width, frame);
      for (let line = 0; line < lines.length; line++) {
        if (rows.length === height) return { rows, bottom: bottom!, reachedEnd: false };
        rows.push(lines[line]!);
        bottom = { segment: segments[index]!, line };
      }
    }
    return { rows, bottom: bottom!, reachedEnd: true };
  }
}
