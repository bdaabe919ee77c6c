import type { LoopEndReason } from '@agent/llm';
import { inFlagTerms } from '@agent/runtime/flags';
// The light entry: the first paint loads no session schemas.
import { turnEndText } from '@agent/session/words';
import type { Segment } from '../view/segment';

/**
 * The line a turn that did not end normally leaves in the transcript, worded as every replay
 * words it (`turnEndText`), live with the error's own text where there is one; none for `done`.
 */
export function turnEndLine(reason: LoopEndReason, error?: string): Segment | undefined {
  switch (reason) {
    case 'error':
      return { kind: 'error', text: error ? inFlagTerms(error) : turnEndText(reason) };
    // `stopped` is a soft stop: a plan nobody here could approve, or a front end's soft interrupt.
    case 'interrupted':
    case 'stopped':
      return { kind: 'info', text: `■ ${turnEndText(reason)}` };
    case 'max_iterations':
      // Live, the loop's error names the limit it reached.
      return {
        kind: 'error',
        text: error
          ? `${inFlagTerms(error)} Send a message to let it continue.`
          : turnEndText(reason),
      };
    case 'done':
      return undefined;
  }
}
