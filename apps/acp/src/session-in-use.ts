import { lockPath, SessionLockedError } from '@agent/session';
import type { Acp } from './sdk';

/**
 * A session another live agent process is writing (the terminal's REPL, another editor), as the
 * editor's error: what holds it and what to do from the editor (the lock's own message speaks
 * of the terminal's flags). Undefined for any other error.
 */
export function sessionInUse(
  acp: Acp,
  id: string,
  error: unknown,
): InstanceType<Acp['RequestError']> | undefined {
  if (!(error instanceof SessionLockedError)) return undefined;
  const { pid } = error;
  return acp.RequestError.invalidRequest(
    { sessionId: id, pid },
    `session ${id} is open in another agent process (pid ${pid}), in a terminal or another editor: quit the agent there, then load the session again, or start a new session. If no agent runs with pid ${pid}, remove ${lockPath(error.file)}`,
  );
}
