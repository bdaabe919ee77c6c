import type { SessionEvent } from './schema';

/** What a replay of a session shows: the events from its last checkpoint on. */
export interface ReplayWindow {
  /** From the last checkpoint (included) on; every event when there is none. */
  events: readonly SessionEvent[];
  /** The prompts before that checkpoint, which its summary replaced: the turns not replayed. */
  earlierTurns: number;
}

/**
 * The part of a session a replay shows, as the model sees it: from the last checkpoint on (what
 * Claude Code shows too). Works on a whole file's events and on a resume's
 * (`fromLastCheckpoint`), which keep every prompt.
 */
export function replayWindow(events: readonly SessionEvent[]): ReplayWindow {
  const from = events.findLastIndex((event) => event.type === 'checkpoint');
  if (from === -1) return { events, earlierTurns: 0 };
  let earlierTurns = 0;
  for (let i = 0; i < from; i++) if (events[i]!.type === 'user') earlierTurns++;
  return { events: events.slice(from), earlierTurns };
}

/** What a replay says in place of the turns a checkpoint replaced. */
export function compactedTurnsText(earlierTurns: number): string {
  const what =
    earlierTurns === 0
      ? 'earlier conversation'
      : `${earlierTurns} earlier turn${earlierTurns === 1 ? '' : 's'}`;
  return `${what} compacted into a summary`;
}
