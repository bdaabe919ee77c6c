import { compactedTurnsText } from '../replay-window';
import type { TurnEndReason } from '../schema';
import type { CompactionEntry, ProviderEntry } from './transcript-entry';

/**
 * What every front end says in place of the turns a checkpoint replaced, with the decisions its
 * ledger keeps (each front end frames it its own way: a rule, italics, parentheses).
 */
export function compactionNote(entry: CompactionEntry): string {
  const kept =
    entry.decisions === 0
      ? ''
      : ` (${entry.decisions} decision${entry.decisions === 1 ? '' : 's'} kept verbatim)`;
  return `${compactedTurnsText(entry.earlierTurns)}${kept}`;
}

/** What every front end says above a kept answer the person amended (an `amended` entry). */
export const AMENDED_NOTE = 'Amended by the person afterwards:';

/**
 * How every replay words a turn that did not end normally (a `turn_end` entry): the session keeps
 * only the reason, not the error's text.
 */
export function turnEndText(reason: TurnEndReason): string {
  switch (reason) {
    case 'interrupted':
      return 'Interrupted. Tell the agent what to do instead.';
    case 'stopped':
      return 'Stopped before the next step. Send a message to go on.';
    case 'error':
      return 'The turn failed.';
    case 'max_iterations':
      return 'Stopped: too many steps. Send a message to let it continue.';
  }
}

/**
 * What every front end says of an `/undo`, live (its result) and replayed (an `undo` entry): the
 * files put back and the files removed because the undone turn had created them.
 */
export function undoneText(files: {
  readonly restored: readonly string[];
  readonly removed: readonly string[];
}): string {
  const parts: string[] = [];
  if (files.restored.length > 0) parts.push(`restored ${files.restored.join(', ')}`);
  if (files.removed.length > 0) {
    parts.push(`removed ${files.removed.join(', ')} (created by that turn)`);
  }
  return `Undone: ${parts.join('; ') || 'nothing'}.`;
}

/** What every replay says where the session switched model (a `provider` entry). */
export function providerText(entry: ProviderEntry): string {
  return `switched to ${entry.provider} / ${entry.model}`;
}
