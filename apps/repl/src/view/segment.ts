import type { Line } from '../text/line';

/** How a tool call is doing, as shown on its status line. */
export type ToolState =
  'waiting' | 'running' | 'ok' | 'error' | 'denied' | 'skipped' | 'interrupted';

/**
 * One block of the transcript. Segments are mutable; whoever changes one calls
 * `Transcript.touch(segment)` so cached wrapped lines are recomputed. All text fields hold raw
 * model/tool text: renderers sanitize it.
 */
export type Segment =
  | { kind: 'user'; text: string }
  | { kind: 'assistant'; text: string; streaming: boolean }
  | {
      kind: 'tool';
      id: string;
      name: string;
      title: string;
      state: ToolState;
      /** One-line result once finished. */
      summary?: string;
      /** Live progress text (a subagent's current step). */
      progress?: string;
      /** The person's answer on its permission card (`Allowed`), shown before the verb. */
      approval?: string;
      /** When it started running (after its approval), for a command's duration. */
      startedAt?: number;
      /**
       * A finished command's ending and duration (`exit 0 · 2.1 s`): the line becomes one row,
       * `✓ $ npm test · exit 0 · 2.1 s`, with no verb and no summary under it.
       */
      outcome?: string;
    }
  | { kind: 'diff'; diff: string }
  /**
   * A tool's output. Folded, it shows its first lines, or with `whenFolded` its last lines
   * (`tail`: a command, under `… +N lines (Ctrl+O)`) or nothing (`none`); Ctrl+O unfolds.
   */
  | { kind: 'output'; text: string; folded: boolean; whenFolded?: 'head' | 'tail' | 'none' }
  /** A subagent's steps; folded shows only the latest few (Ctrl+O toggles). */
  | { kind: 'subagent'; label: string; steps: string[]; done: boolean; folded: boolean }
  | { kind: 'error'; text: string }
  | { kind: 'info'; text: string }
  | CustomSegment;

/**
 * Extension point: a segment that renders itself (permission cards, the questionnaire card
 * and its summary). `render` must return rows no wider than `width`, with sanitized text.
 */
export interface CustomSegment {
  kind: 'custom';
  render(width: number): Line[];
  /**
   * Besides the width, what the rendering depends on (the screen height, for a card laid out to
   * fit it): cached rows are reused only while it returns the same value.
   */
  layoutKey?(): string | number;
}
