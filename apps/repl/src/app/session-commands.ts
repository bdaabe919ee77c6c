import {
  openSavedSession,
  registryTitles,
  SessionNotFound,
  type SavedSession,
} from '@agent/runtime';
import { inFlagTerms } from '@agent/runtime/flags';
import { listSessions, resolveSession, type SessionInfo } from '@agent/session';
import type { CommandDeps } from './command-runner';
import { replaySegments } from './replay';
import { sessionLine } from './session-list';
import { openPicker } from './open-picker';
import { sessionPicker } from './session-picker';

/*
 * The session commands: `/sessions` lists this directory's sessions, `/resume [ID]` continues
 * one (a picker without an ID) and replays it into the transcript.
 */

/** `/sessions`: this directory's saved sessions, newest first. */
export async function listHere(deps: CommandDeps): Promise<void> {
  const sessions = (await listSessions(deps.agentHome)).filter(
    (s) => s.cwd === undefined || s.cwd === deps.workspaceRoot,
  );
  if (sessions.length === 0) return deps.app.info('No saved sessions for this directory yet.');
  const now = new Date();
  const lines = sessions.slice(0, 20).map((s) => sessionLine(s, now, deps.session.sessionId));
  deps.app.info(['Sessions (newest first; /resume ID):', ...lines].join('\n'));
}

export async function resume(
  idOrPart: string,
  deps: CommandDeps,
  signal: AbortSignal,
): Promise<void> {
  let saved: SavedSession | undefined;
  try {
    const file = await chosenFile(idOrPart, deps, signal);
    if (!file) return;
    saved = await openSavedSession(file);
  } catch (error) {
    if (error instanceof SessionNotFound) return deps.app.error(error.message);
    throw error;
  }
  await resumeSaved(saved, deps);
}

/**
 * The session file `/resume idOrPart` names: the one it matches, else the picker, of every session
 * when nothing is named, or of those it matches when it names several (the filter shows what).
 */
async function chosenFile(
  idOrPart: string,
  deps: CommandDeps,
  signal: AbortSignal,
): Promise<string | undefined> {
  if (idOrPart === '') return pickSession(await listSessions(deps.agentHome), deps, signal);
  const found = await resolveSession(deps.agentHome, idOrPart);
  if (found.ok) return found.session.path;
  if (found.reason === 'ambiguous') {
    deps.app.info(`"${idOrPart.trim()}" matches ${found.candidates.length} sessions: pick one.`);
    return pickSession(found.candidates, deps, signal);
  }
  throw new SessionNotFound(found.message);
}

/** The session picker over `listed` (this workspace's first, the current one left out). */
async function pickSession(
  listed: readonly SessionInfo[],
  deps: CommandDeps,
  signal: AbortSignal,
): Promise<string | undefined> {
  const all = listed.filter((s) => s.id !== deps.session.sessionId);
  if (all.length === 0) {
    // /sessions lists the current session too; say why it is not offered here.
    const current = listed.length > all.length;
    deps.app.error(
      current
        ? 'No other saved session to resume: the only one is this session, which goes on here.'
        : 'No saved session to resume yet.',
    );
    return undefined;
  }
  const here = all.filter((s) => s.cwd === deps.workspaceRoot);
  const sessions = [...here, ...all.filter((s) => s.cwd !== deps.workspaceRoot)];
  const picker = sessionPicker(sessions, new Date(), deps.session.sessionId);
  const hint = 'type to filter · ↑↓ select · Enter resumes · Esc closes';
  return (await openPicker(deps.app, picker, hint, signal))?.path;
}

/**
 * Continues a saved session through the conversation (its provider and model unless flags chose,
 * its tool-history mode unless --tool-history said otherwise); its replay is drawn when the
 * conversation says its history (see replayResumed).
 */
async function resumeSaved(saved: SavedSession, deps: CommandDeps): Promise<void> {
  deps.resumeStart.at = deps.app.transcript.segments.length;
  try {
    const result = await deps.conversation.submit({ type: 'resume', session: saved });
    if (!result.ok) deps.app.error(`Not resumed: ${result.reason}`);
  } finally {
    deps.resumeStart.at = undefined;
  }
}

/**
 * The conversation resumed `saved` (its `history` event): the replay replaces the transcript, and
 * what the runtime said while resuming (another workspace, say) is shown again below it.
 */
export function replayResumed(saved: SavedSession, deps: CommandDeps): void {
  const { at } = deps.resumeStart;
  const said = at === undefined ? [] : deps.app.transcript.segments.slice(at);
  showResumed(saved, deps);
  for (const segment of said) deps.app.transcript.add(segment);
}

/** Replays a resumed session into a cleared transcript and seeds the prompt history with it. */
export function showResumed(saved: SavedSession, deps: CommandDeps): void {
  deps.resetSession();
  deps.app.transcript.clear();
  deps.app.view.followTail();
  deps.app.router.input.seedHistory(
    saved.events.flatMap((event) => (event.type === 'user' ? [event.display ?? event.text] : [])),
  );
  const titles = registryTitles(deps.session.registry);
  const { openCalls } = deps.session;
  const hooks = deps.replayHooks;
  for (const segment of replaySegments(saved.events, saved.warnings, hooks, titles, openCalls)) {
    deps.app.transcript.add(segment);
  }
  const problem = deps.session.credentialProblem();
  if (problem) deps.app.error(inFlagTerms(problem));
  deps.app.info(
    `Resumed session ${saved.id} · ${deps.session.provider.id}/${deps.session.provider.model}.`,
  );
  // The conversation offers again what the session left open (questionnaires, a plan in plan
  // mode) right after this replay: its continued turn shows the card.
  if (deps.session.openCalls.length > 0) {
    deps.app.info(
      'The session ended while a questionnaire or a plan waited for you: it is shown again below.',
    );
  }
}

/** The conversation started a new session (`/new` here or elsewhere): the transcript starts over. */
export function startedOver(deps: CommandDeps): void {
  deps.resetSession();
  deps.app.transcript.clear();
  deps.app.view.followTail();
}
