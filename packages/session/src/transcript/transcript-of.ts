import { replayWindow } from '../replay-window';
import type { LoadWarning, SessionEvent } from '../schema';
import type { CallDisplay, TranscriptEntry } from './transcript-entry';
import { TranscriptReducer } from './transcript-reducer';

export interface SavedTranscriptOptions extends CallDisplay {
  /** The lines the load skipped: each a notice first. */
  warnings?: readonly LoadWarning[];
  /** The open calls the resumed turn offers again (see `TranscriptReducer.finish`). */
  offeredAgain?: readonly string[];
  /**
   * The prompts before the last checkpoint that the load left unread (`LoadedSession.omittedPrompts`,
   * a resume that reads only the session's facts): counted with the earlier turns all the same.
   */
  omittedPrompts?: number;
}

/**
 * What every replay of a saved session shows: its transcript from the last checkpoint on (what
 * the model still sees; the compaction entry says how many turns came before), open calls
 * closed as a load closes them.
 */
export function transcriptOf(
  events: readonly SessionEvent[],
  options: SavedTranscriptOptions = {},
): TranscriptEntry[] {
  const shown = replayWindow(events);
  const reducer = new TranscriptReducer({
    ...(options.cards ? { cards: options.cards } : {}),
    ...(options.titleOf ? { titleOf: options.titleOf } : {}),
    earlierTurns: shown.earlierTurns + (options.omittedPrompts ?? 0),
  });
  for (const event of shown.events) reducer.apply(event);
  reducer.finish(options.offeredAgain);
  const notices = (options.warnings ?? []).map((warning): TranscriptEntry => ({
    kind: 'notice',
    text: `(skipped line ${warning.line}: ${warning.reason})`,
  }));
  return [...notices, ...reducer.entries];
}
