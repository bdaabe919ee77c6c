import type { LoopEndReason } from '@agent/llm';
import { inFlagTerms } from '@agent/runtime/flags';
import type { Segment } from '../view/segment';

/**
 * The line a turn that did not end normally leaves in the transcript, live (with the error's
 * text) or replayed from the session (which keeps only the reason); none for `done`.
 */
export function turnEndLine(reason: LoopEndReason, error?: string): Segment | undefined {
  switch (reason) {
    case 'error':
      return { kind: 'error', text: inFlagTerms(error ?? 'The turn failed.') };
    case 'interrupted':
      return { kind: 'info', text: '■ Interrupted. Tell the agent what to do instead.' };
    // A soft stop: a plan nobody here could approve (headless), or a front end's soft interrupt;
    // Esc interrupts at once (`interrupted`), so naming it here would be wrong.
    case 'stopped':
      return { kind: 'info', text: '■ Stopped before the next step. Send a message to go on.' };
    case 'max_iterations':
      return {
        kind: 'error',
        text: `${inFlagTerms(error ?? 'Stopped: too many steps.')} Send a message to let it continue.`,
      };
    case 'done':
      return undefined;
  }
}
