import type { ImagePart } from '@agent/llm';
import type { QuestionnaireProgress } from '@agent/tools';
import type { RuntimeEvent } from '../session/events';
import type { SavedSession } from '../session-file/find-session';
import type { TurnResult } from '../session/agent-session-options';
import type { Card, CardClosing } from './cards';

/**
 * What the conversation tells every front end, in order: the runtime's events (the tool loop's
 * stream, notices, modes...), each card shown, waiting or closed, each turn's start and end, and
 * a saved session's history to draw before anything it continues (`history`), and a new empty
 * session started in place of the one shown (`new_session`: the transcript starts over).
 */
export type ConversationEvent =
  | { type: 'runtime'; event: RuntimeEvent }
  | { type: 'history'; session: SavedSession }
  | { type: 'new_session' }
  | { type: 'card_shown'; card: Card }
  | { type: 'card_waiting'; card: Card }
  | { type: 'card_closed'; id: string; closing: CardClosing }
  /** The shown questionnaire's answers so far changed (all of them), on the front end `by`. */
  | { type: 'card_progress'; id: string; progress: QuestionnaireProgress; by: string }
  /**
   * A turn starts: a prompt's (what the model is sent, what the transcript shows of it when that
   * differs, its images), a resumed session's continued one, or a `!command`'s (`shell`).
   */
  | {
      type: 'turn_started';
      prompt?: string;
      display?: string;
      images?: readonly ImagePart[];
      shell?: string;
    }
  | { type: 'turn_ended'; result: TurnResult }
  /**
   * A prompt was accepted but ended before its turn started (interrupted while it waited for the
   * servers, or behind a continued turn that was interrupted): the conversation is free again,
   * so a front end holding a prompt back behind it can send it now.
   */
  | { type: 'prompt_dropped' };

export type ConversationListener = (event: ConversationEvent) => void;
