import {
  readSavedQuestionnaire,
  type SavedCall,
  type SavedQuestionnaire,
} from '@agent/tool-contract';
import { ASK_USER_TOOL_NAME } from './ask-user-tool';

export type { SavedCall, SavedQuestionnaire } from '@agent/tool-contract';

/**
 * A saved `ask_user` call as its questions and outcome, for every front end's replay (the
 * REPL's summary card, an editor's summary); undefined for another tool, or a call that cannot be
 * read back. A call that never ended (`pending`: a crash) counts as interrupted.
 */
export function savedQuestionnaire(call: SavedCall): SavedQuestionnaire | undefined {
  return call.name === ASK_USER_TOOL_NAME ? readSavedQuestionnaire(call) : undefined;
}
