import type { Amendment, ImagePart } from '@agent/llm';
import type { QuestionnaireProgress } from '@agent/tools';
import type { SavedSession } from '../session-file/find-session';
import type { FileText } from '../prompts/mentions';
import type { AgentMode } from '../modes/agent-mode';
import type { UndoResult } from '../undo/file-undo';
import type { CardAnswer } from './cards';

/**
 * What a person does, as one operation submitted to the conversation. `from` names the front end
 * it came from (a card answered there is said to be answered there everywhere else).
 */
export type Operation =
  /**
   * A prompt: files it mentions (`@path`) and `files` (an editor's buffers) are attached, unless
   * `attach` is false (a prompt file run as written, or one the front end attached itself).
   * `display`: what the transcript shows instead of the text sent (a command as typed, pastes as
   * their placeholders); `amends`: the questionnaire answers this prompt corrects (`/amend`).
   */
  | {
      type: 'prompt';
      text: string;
      files?: readonly FileText[];
      images?: readonly ImagePart[];
      attach?: boolean;
      display?: string;
      amends?: Amendment;
    }
  /** A message into the running turn, given to the model at its next step. */
  | { type: 'steer'; text: string }
  /**
   * A shell command the person runs themselves (`!cmd`), in its own turn without the model: its
   * output is said live as one tool call's events and joins the conversation (recorded in the
   * session) for the next prompt. Refused while a turn runs; an interrupt kills it.
   */
  | { type: 'shell'; command: string }
  /** End the running turn at once (Ctrl+C); `soft`: finish the current tool batch first (Esc). */
  | { type: 'interrupt'; soft?: boolean }
  | { type: 'answer'; id: string; answer: CardAnswer }
  /** This front end could not show card `id` (an editor's request failed): its call fails. */
  | { type: 'refuse'; id: string; reason: string }
  /** The answers given so far on an open questionnaire card (kept if the process goes away). */
  | { type: 'progress'; id: string; progress: QuestionnaireProgress }
  | { type: 'mode'; mode: AgentMode }
  | { type: 'compact' }
  | { type: 'undo' }
  | { type: 'new' }
  | { type: 'resume'; session: SavedSession };

/** What submitting an operation did: done, or refused with a reason in words. */
export type OperationResult = { ok: true } | { ok: false; reason: string };

/**
 * What submitting `O` gives back: a compaction says how many messages its summary replaces, an
 * undo which files it restored and removed; every other operation an OperationResult.
 */
export type ResultOf<O extends Operation> = O extends { type: 'compact' }
  ? { ok: true; summarized: number } | { ok: false; reason: string }
  : O extends { type: 'undo' }
    ? UndoResult
    : OperationResult;
