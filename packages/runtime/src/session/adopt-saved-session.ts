import { waitingSubagentTasks } from '@agent/session';
import type { AgentSessionOptions } from './agent-session-options';
import type { SavedSession } from '../session-file/find-session';
import { missingImagesNotice } from '../images';
import { TRANSCRIPT_CARDS } from '../transcript/transcript-cards';
import type { SessionConversation } from './conversation-view';
import type { SessionParts } from './session-parts';
import type { SessionProvider } from '../provider/session-provider';
import { workspaceChangeNotice } from '../workspace/workspace-change';

/** What continuing a saved session reads and sets of the session taking it over. */
export interface AdoptingSession {
  readonly options: AgentSessionOptions;
  readonly parts: SessionParts;
  readonly providers: SessionProvider;
  readonly workspaceRoot: string;
  readonly conversation: SessionConversation;
  notice(text: string): void;
}

/**
 * Continues `saved` in `session`: the mode it was saved in (unless `--mode` says otherwise), its
 * open calls, its provider when `switchProvider`, its conversation with its images, its file
 * edits for `/undo`, its tool-history mode (unless `--tool-history` says otherwise) and its file.
 */
export async function adoptSavedSession(
  session: AdoptingSession,
  saved: SavedSession,
  how: { switchProvider: boolean },
): Promise<void> {
  const { options, parts } = session;
  // Set first, as it decides which open calls are offered again (a plan in plan mode).
  const { modes } = parts;
  modes.set(options.mode ?? saved.projection.mode ?? modes.initial);
  const projection = parts.resumed.adopt(saved);
  const closed = closedCards(projection.closedOpen ?? []);
  if (closed) session.notice(closed);
  if (how.switchProvider) session.providers.resume(projection);
  await parts.file.close();
  const moved = projection.cwd && workspaceChangeNotice(projection.cwd, session.workspaceRoot);
  if (moved) session.notice(moved);
  const { messages, missing } = await parts.images.load(projection.messages);
  if (missing.length > 0) session.notice(missingImagesNotice(missing, options.agentHome));
  const { conversation } = session;
  conversation.messages = messages;
  parts.person.loadEdits(saved.events);
  parts.subagentTasks.replace(waitingSubagentTasks(saved.events));
  parts.meter.counted(undefined);
  const toolHistory = options.toolHistory ?? projection.toolHistory ?? 'full';
  conversation.toolHistory = toolHistory;
  await parts.file.continueSaved(saved, projection, {
    provider: conversation.provider,
    toolHistory,
    agentMode: modes.mode,
    // Known since `resumed.adopt` above: the transcript shows those calls open, the others closed.
    offeredAgain: parts.resumed.openCalls,
  });
}

/**
 * The note for the cards (a questionnaire, a plan) left open that the load closed as interrupted,
 * since nobody here answers them (headless); undefined when there are none.
 */
function closedCards(names: readonly string[]): string | undefined {
  const kinds = [...new Set(names.flatMap((name) => TRANSCRIPT_CARDS[name] ?? []))];
  if (kinds.length === 0) return undefined;
  const cards = kinds.map((kind) => `the ${kind}`).join(' and ');
  return `Closed ${cards} left open when the session ended as interrupted: nobody here answers it. The model is told so and may ask again.`;
}
