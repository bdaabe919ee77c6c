import {
  latestSessionFor,
  loadSession,
  projectSession,
  resolveSession,
  SESSION_FACTS,
  type LoadWarning,
  type SessionEvent,
  type SessionProjection,
} from '@agent/session';

/** A saved session to continue. */
export interface SavedSession {
  id: string;
  path: string;
  /**
   * Its events as a resume reads them: from the last checkpoint on, and before it the session's
   * facts, prompts, file edits and undos (see `fromLastCheckpoint` of `@agent/session`); with
   * `recall: false` (see `OpenOptions`) the facts alone.
   */
  events: SessionEvent[];
  /** Lines before the last checkpoint that were not read (absent: none). */
  omitted?: number;
  /**
   * The prompts among `omitted` (with `recall: false`): a replay counts them with the turns the
   * checkpoint replaced (`transcriptOf`'s `omittedPrompts`). Absent: none.
   */
  omittedPrompts?: number;
  projection: SessionProjection;
  /** Lines of the file that could not be read (a torn last line, say), for the person. */
  warnings: LoadWarning[];
}

/** `--resume` named no session (or more than one). */
export class SessionNotFound extends Error {
  override name = 'SessionNotFound';
}

/** How a saved session is opened. */
export interface OpenOptions {
  /**
   * Whether the front end recalls the prompts from before the last checkpoint (Up/Down) and
   * offers `/undo` of the edits made before it (default true). Without either (headless), those
   * lines are not parsed: the next request is the same.
   */
  recall?: boolean;
}

/**
 * Loads and projects one session file. Throws SessionNotFound for a file that is not a session
 * (it has no session start): it is never continued, so nothing is appended to it.
 */
export async function openSavedSession(
  file: string,
  options: OpenOptions = {},
): Promise<SavedSession> {
  const loaded = await loadSession(file, {
    fromLastCheckpoint: true,
    ...(options.recall === false ? { keepBeforeCheckpoint: SESSION_FACTS } : {}),
  });
  if (!loaded.events.some((event) => event.type === 'session_start')) {
    throw new SessionNotFound(
      `${file} is not an agent session (it has no session start line); name a session by its id or its file under the agent home's sessions folder`,
    );
  }
  return {
    id: loaded.id,
    path: loaded.path,
    events: loaded.events,
    ...(loaded.omitted === undefined ? {} : { omitted: loaded.omitted }),
    ...(loaded.omittedPrompts === undefined ? {} : { omittedPrompts: loaded.omittedPrompts }),
    projection: projectSession(loaded.events),
    warnings: loaded.warnings,
  };
}

/**
 * The session named by `resume` (id, unique part of one, or file path) or, for `continue`, the
 * latest one of `workspace`; undefined when neither is asked or `continue` finds none.
 */
export async function findSession(
  agentHome: string,
  workspace: string,
  ask: { resume?: string; continue?: boolean } & OpenOptions,
): Promise<SavedSession | undefined> {
  let file: string | undefined;
  if (ask.resume !== undefined) {
    const found = await resolveSession(agentHome, ask.resume);
    // An ambiguous id's message already lists the sessions it matches.
    if (!found.ok) throw new SessionNotFound(found.message);
    file = found.session.path;
  } else if (ask.continue) {
    file = (await latestSessionFor(agentHome, workspace))?.path;
  }
  return file === undefined ? undefined : openSavedSession(file, { recall: ask.recall ?? true });
}
