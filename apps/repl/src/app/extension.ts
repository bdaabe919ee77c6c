import type { Tool } from '@agent/tools';
import type { CallEntry } from '@agent/session';
import type { Segment } from '../view/segment';
import type { Transcript } from '../view/transcript';
import type { CardPresenters } from '../person/card-desk';
import type { ModalSlot } from './modal';

/**
 * REPL extension points (how the ask_user card plugs in):
 *  - `ReplExtension.tools` / `systemPromptSections`: extra tools and prompt text for the primary
 *    agent only; `presenters` show their kinds of person requests (ask_user's questionnaire) as
 *    cards of the one person channel.
 *  - `ReplHost.modals` (ModalSlot): the active-modal slot of the key routing.
 *  - `ReplHost.transcript` + `CustomSegment` (kind 'custom'): segments that render their own
 *    lines for a width; call `transcript.touch(segment)` after changing one.
 *  - Tools flagged `interactive` get no "Running/Ran" status lines (their extension draws them),
 *    except an error line when a call fails (invalid input, budget, a concurrent request).
 *  - `replaySegment`: how a saved call is shown when a session is replayed, from its transcript
 *    entry (whose `kind` says whether it is a questionnaire or a plan card).
 */
export interface ReplExtension {
  tools?: Tool[];
  systemPromptSections?: string[];
  presenters?: CardPresenters;
  /** A compact, non-interactive segment for a saved call, or undefined for the default line. */
  replaySegment?(call: CallEntry): Segment | undefined;
}

/** What an extension may use of the running REPL. */
export interface ReplHost {
  transcript: Transcript;
  modals: ModalSlot;
  /** Schedules a paint (batched to one per frame). */
  requestPaint(): void;
  /** Rows the transcript shows on screen now (a card lays itself out for them). */
  viewportRows(): number;
  /** Scrolls the transcript back to its end (where an open card is). */
  followTail(): void;
  /** The settings the REPL was started with. */
  settings: { maxAskUser: number };
}

export type ReplExtensionFactory = (host: ReplHost) => ReplExtension;
