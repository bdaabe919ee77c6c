import {
  replayWindow,
  TranscriptReducer,
  type CallDisplay,
  type CallEntry,
  type SessionEvent,
  type TranscriptEntry,
} from '@agent/session';

/**
 * The transcript of the session file open now, folded from each event as the file records it:
 * what a replay of the file shows (from its last checkpoint on), kept up to date, so a front end
 * that joins late (a web page reloaded) draws the conversation so far before the live events.
 */
export class LiveTranscript {
  private reducer: TranscriptReducer;

  constructor(private readonly display: CallDisplay) {
    this.reducer = new TranscriptReducer(display);
  }

  get entries(): readonly TranscriptEntry[] {
    return this.reducer.entries;
  }

  /** A call's entry as it stands now, by call id (see `TranscriptReducer.call`). */
  call(id: string): CallEntry | undefined {
    return this.reducer.call(id);
  }

  /**
   * A file was opened with `events` in it (none for a new one): the transcript starts over. The
   * calls it left open are closed as a replay closes them: `open` when the resumed turn offers
   * them again (`offeredAgain`, by call id), else `interrupted`.
   */
  opened(events: readonly SessionEvent[], offeredAgain: readonly string[] = []): void {
    const shown = replayWindow(events);
    this.reducer = new TranscriptReducer({ ...this.display, earlierTurns: shown.earlierTurns });
    for (const event of shown.events) this.reducer.apply(event);
    this.reducer.finish(offeredAgain);
  }

  recorded(event: SessionEvent): void {
    this.reducer.apply(event);
  }
}
