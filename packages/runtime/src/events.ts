import type { LoopEvent } from '@agent/llm';

/**
 * What a session reports for the front end to render: the tool loop's events, a one-line
 * notice for the person (automatic compaction, skipped profiles), and a failed session write.
 */
export type RuntimeEvent =
  LoopEvent | { type: 'notice'; text: string } | { type: 'save_error'; error: Error };
