import type { ImageRef, ToolActivity } from '@agent/llm';
import type { AgentMode } from '@agent/llm/config';
import type { CallApproval, SavedQuestionnaire } from '@agent/tool-contract';
import type { ElicitationEvent, PersonShellRecord, TurnEndReason, UndoEvent } from '../schema';

/**
 * How a tool call stands in the transcript. `running`: no `tool_end` yet (live); `open`: left
 * open by a crash or quit and offered again by the resumed turn; `interrupted`: ended by an
 * interrupt, or left open and not offered again (never `pending` in a replay).
 */
export type CallEntryState =
  'running' | 'open' | 'ok' | 'error' | 'denied' | 'skipped' | 'interrupted';

/** What every call entry carries: the call as the session has it, with its transcript state. */
export interface CallFacts {
  id: string;
  name: string;
  /** What the call does, as its tool titles it (`read src/a.ts`); the name without a titler. */
  title: string;
  input: unknown;
  state: CallEntryState;
  summary: string;
  /** The steps its tool recorded for replay (a subagent's calls), in order. */
  steps: readonly string[];
  /** The call with its state as its status (`running`/`open` as `pending`), for renderers. */
  activity: ToolActivity;
  /** How its approval went, as the session recorded it; absent when none was asked or recorded. */
  approval?: CallApproval;
  /** The front end the person answered its own card on (a questionnaire, a plan). */
  answeredOn?: string;
}

/** A tool call drawn as a status line. */
export interface ToolCallEntry extends CallFacts {
  kind: 'tool';
}

/**
 * A questionnaire call (ask_user), drawn as its card or summary, never as a tool line.
 * `cancelled`: the person dismissed it; `interrupted`: it never got an answer to every question.
 */
export interface QuestionnaireEntry extends CallFacts {
  kind: 'questionnaire';
  card: QuestionnaireCardState;
  /** Its questions and exact answers; undefined when the call cannot be read back. */
  saved?: SavedQuestionnaire;
}

export type QuestionnaireCardState = 'asking' | 'open' | 'answered' | 'cancelled' | 'interrupted';

/** A plan the model presented (present_plan), drawn as its card or summary. */
export interface PlanEntry extends CallFacts {
  kind: 'plan';
  /** The plan's Markdown; undefined when the input has none. */
  plan?: string;
  /** The person's decision as the session recorded it (the call's retained details). */
  decision?: unknown;
}

export type CallEntry = ToolCallEntry | QuestionnaireEntry | PlanEntry;

/** A prompt the person sent: what the transcript shows, and what the model got. */
export interface PromptEntry {
  kind: 'prompt';
  /** The user event's id. */
  id: string;
  /** What the transcript shows (`display`, else the text). */
  shown: string;
  /** What the model was sent (with attached files, or a shell command's output). */
  sent: string;
  display?: string;
  images: readonly ImageRef[];
  /** The earlier call whose result this message corrects (`/amend`). */
  amends?: { callId: string; output: string };
}

/**
 * A command the person ran (`!cmd`), drawn as their line, its call and its output: how it ended
 * (`summary` in plain words, `exit code 0`) and the output without the shell tool's closing note.
 */
export interface ShellEntry {
  kind: 'shell';
  /** The user event's id. */
  id: string;
  command: string;
  state: PersonShellRecord['status'];
  summary: string;
  output: string;
}

export interface AssistantEntry {
  kind: 'assistant';
  text: string;
}

/** A checkpoint: the turns it replaced, and how many decisions its ledger keeps verbatim. */
export interface CompactionEntry {
  kind: 'compaction';
  earlierTurns: number;
  decisions: number;
}

/** A kept decision the person amended after it was made: the call with its amended result. */
export interface AmendedEntry {
  kind: 'amended';
  call: CallEntry;
}

export interface TurnEndEntry {
  kind: 'turn_end';
  reason: TurnEndReason;
}

/** `/undo`: the undo event, and what it did to its files (from the session's snapshots). */
export interface UndoEntry {
  kind: 'undo';
  undo: UndoEvent;
  /** The files put back as they were before the undone turn. */
  restored: string[];
  /** The files removed: the undone turn had created them. */
  removed: string[];
}

export interface ProviderEntry {
  kind: 'provider';
  provider: string;
  model: string;
}

export interface ModeEntry {
  kind: 'mode';
  mode: AgentMode;
}

/** A subagent asked its parent (`asked`) or was told the answers and finished (`told`). */
export interface SubagentEntry {
  kind: 'subagent';
  callId: string;
  taskId: string;
  state: 'asked' | 'told';
}

export interface ElicitationEntry {
  kind: 'elicitation';
  event: ElicitationEvent;
}

/** Something the front end says about the session itself (a line it skipped). */
export interface NoticeEntry {
  kind: 'notice';
  text: string;
}

/** One thing a transcript shows, in order. */
export type TranscriptEntry =
  | PromptEntry
  | ShellEntry
  | AssistantEntry
  | CallEntry
  | CompactionEntry
  | AmendedEntry
  | TurnEndEntry
  | UndoEntry
  | ProviderEntry
  | ModeEntry
  | SubagentEntry
  | ElicitationEntry
  | NoticeEntry;

/** Which tools' calls are cards rather than tool lines, by tool name. */
export type TranscriptCards = Readonly<Record<string, 'questionnaire' | 'plan'>>;

/** How the entries name what a call does, and which calls are cards. */
export interface CallDisplay {
  cards?: TranscriptCards;
  /** A call's title (the runtime's `registryTitles`); absent: the tool's name. */
  titleOf?: (activity: ToolActivity) => string;
}
