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
    case 'stopped':
      return { kind: 'info', text: '■ Stopped (Esc).' };
    case 'max_iterations':
      return {
        kind: 'error',
        text: `${inFlagTerms(error ?? 'Stopped: too many steps.')} Send a message to let it continue.`,
      };
    case 'done':
      return undefined;
  }
}
