import type { SessionInfo } from '@agent/session';
import { PickList } from './pick-list';
import { sessionLine } from './session-list';

/**
 * `/resume` without an id: the saved sessions, newest first; typing filters them (by id, first
 * prompt or model, every word must match), Up/Down select, Enter resumes, Esc closes.
 */
export function sessionPicker(
  sessions: readonly SessionInfo[],
  now: Date,
  currentId?: string,
): PickList<SessionInfo> {
  return new PickList(
    'Resume a session · type to filter · ↑↓ select · Enter resumes · Esc closes',
    sessions.map((session) => ({
      value: session,
      label: sessionLine(session, now, currentId).trimStart(),
    })),
    {
      filterText: ({ value: session }) =>
        `${session.id} ${session.firstPrompt ?? ''} ${session.provider ?? ''}/${session.model ?? ''}`,
      empty: 'no session matches',
      // A session's line may wrap: fewer rows than other lists.
      visible: 8,
    },
  );
}
