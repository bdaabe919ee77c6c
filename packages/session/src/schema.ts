import type {
  AssistantMessage,
  ImageRef,
  Message,
  RetainedCall,
  ToolHistoryMode,
  ToolStatus,
} from '@agent/llm';
import type { AgentMode } from '@agent/llm/config';
import type {
  AnsweredQuestionnaire,
  Answer,
  CallApproval,
  LaterAnswer,
  Question,
  Questionnaire,
  QuestionnaireResult,
} from '@agent/tool-contract';

/** The schema version this code writes. Older versions are upgraded by `migrateEvent` on load. */
export const SESSION_SCHEMA_VERSION = 4;

/**
 * A person's `!command` as it ended: `summary` says how in plain words (`exit code 0`), `output`
 * is its output without the shell tool's closing note (which the model still gets).
 */
export interface PersonShellRecord {
  command: string;
  status: 'ok' | 'error' | 'interrupted';
  summary: string;
  output: string;
}

/** Fields every line of a session file carries. `id` is unique within the session. */
export interface EventBase {
  v: number;
  id: string;
  /** ISO 8601 time the event was recorded. */
  ts: string;
}

export interface SessionStartEvent extends EventBase {
  type: 'session_start';
  cwd: string;
  provider: string;
  model: string;
  title?: string;
}

export interface UserEvent extends EventBase {
  type: 'user';
  /** What the model was sent (a prompt with its attached files, or a shell command's output). */
  text: string;
  /** What the transcript shows instead, when shorter (`@src/a.ts (12 lines)`, `!ls`). */
  display?: string;
  /** The message corrects an earlier retained call's result (`/amend`); added in schema 1. */
  amends?: { callId: string; output: string };
  /**
   * Images sent after the text, by reference: the bytes live once per content hash in the image
   * store under the agent home, never in this file. Added in schema 1 (absent: none).
   */
  images?: ImageRef[];
  /**
   * A command the person ran (`!cmd`; `display` is `!cmd`, `text` its command and whole output
   * as the model reads them), as data: how it ended and what the person saw. Added in schema 3
   * (older files get it from their text on load).
   */
  shell?: PersonShellRecord;
  /**
   * The o200k_base tokens this event adds to a request rebuilt from the file (see
   * `recordedTokens`), written while the tokenizer was loaded, so that resuming needs no count.
   * Added in schema 1 (absent: counted when needed).
   */
  o200k?: number;
}

/**
 * A workspace file as it was before an agent edit and as the edit left it, by content hash
 * (files under the agent home's snapshots folder); `null` means the file did not exist.
 */
export interface FileSnapshotEvent extends EventBase {
  type: 'file_snapshot';
  /** Forward-slash path relative to the workspace root. */
  path: string;
  before: string | null;
  after: string | null;
  /**
   * The workspace root the edit was made in (absolute). Absent in files written before it was
   * recorded: the session's `session_start.cwd` is assumed then.
   */
  workspace?: string;
}

/** `/undo` restored the edits of the turn that starts with user event `turn`. */
export interface UndoEvent extends EventBase {
  type: 'undo';
  turn: string;
  paths: string[];
}

/** A complete model response; its tool calls carry no raw `output` (memory only, never persisted). */
export interface AssistantEvent extends EventBase {
  type: 'assistant';
  message: AssistantMessage;
  /** As in `UserEvent`: the text and the calls' names and inputs (results come with `tool_end`). */
  o200k?: number;
}

/** How one tool call ended. `retainedOutput` is the exact durable output of a retaining tool. */
export interface ToolEndEvent extends EventBase {
  type: 'tool_end';
  callId: string;
  status: ToolStatus;
  summary: string;
  retainedOutput?: string;
  /** JSON facts kept beside a retained output, for a tool other than ask_user. */
  retainedDetails?: unknown;
  /**
   * An ask_user call's outcome as data: the answers, whether it was cancelled, which answers were
   * typed, the later ones (the output text is made from it). Added in schema 2 (a version-1
   * file gets it from the output text when it is read).
   */
  questionnaire?: AnsweredQuestionnaire;
  /**
   * How the call's approval went: allowed or denied, by the person (once, always with its rule
   * and scope, denied with its reason, and the front end they answered on), a rule in force, the
   * mode, a hook or a policy. Added in schema 4 (older files have none: nothing to read back).
   */
  approval?: CallApproval;
  /**
   * The front end the person answered the call's own card on (a questionnaire, a plan: `the web
   * page`). Added in schema 4.
   */
  answeredOn?: string;
  /** As in `UserEvent`: the call's result as a resumed request carries it. */
  o200k?: number;
}

/** A step a running tool reported as worth keeping (a subagent's tool calls), for replay. */
export interface ToolProgressEvent extends EventBase {
  type: 'tool_progress';
  callId: string;
  text: string;
}

/**
 * A subagent that asked its parent (`request_clarification`) and waits for the answers: all a
 * resumed session needs to go on with it (see @agent/subagents `SubagentTask`).
 */
export interface SavedSubagentTask {
  taskId: string;
  agent: string;
  description: string;
  /** Its own conversation, ending with the assistant message whose question call is pending. */
  messages: Message[];
  pending: { callId: string; questions: Question[]; why?: string };
  asked: number;
}

/**
 * A `task` call's subagent asked (`task`, the latest record of a task wins) or finished after
 * asking (`done`). Added in schema 1 as a new event type; older sessions simply have none.
 */
export interface SubagentTaskEvent extends EventBase {
  type: 'subagent_task';
  /** The parent's `task` call that recorded it. */
  callId: string;
  taskId: string;
  task?: SavedSubagentTask;
  done?: true;
}

/** What the person has answered so far in an open questionnaire (an ask_user call). */
export interface QuestionnaireProgress {
  /** The answers given so far, exact, in question order (a list for a multi-select question). */
  answers: Answer[];
  /** `custom[i]` is true when answer i was typed rather than picked; as long as `answers`. */
  custom: boolean[];
  /**
   * Answers given out of order (through the strip), after the first question without one;
   * absent in files written before it existed, and when there are none.
   */
  later?: LaterAnswer[];
}

/**
 * An answer given (or a typed answer submitted) in a questionnaire still open, recorded as it
 * happens so that a crash loses none: each carries every answer so far, the latest one wins, and
 * the call's `tool_end` supersedes them all. Added in schema 1 as a new event type; older
 * sessions simply have none.
 */
export interface QuestionnaireProgressEvent extends EventBase, QuestionnaireProgress {
  type: 'questionnaire_progress';
  callId: string;
}

/** A compaction checkpoint: its summary replaces every message before it. */
export interface CheckpointEvent extends EventBase {
  type: 'checkpoint';
  summary: string;
  /** The decision ledger: retained calls the summary replaces, exact (absent in older files). */
  decisions?: RetainedCall[];
  /** As in `UserEvent`. */
  o200k?: number;
}

export interface ProviderChangeEvent extends EventBase {
  type: 'provider_change';
  provider: string;
  model: string;
}

/**
 * An answered ask_user questionnaire. No longer written (the ask_user call's retained output
 * carries the answers); kept so that files which have it still load.
 */
export interface QuestionnaireEvent extends EventBase {
  type: 'questionnaire';
  callId: string;
  questionnaire: Questionnaire;
  result: QuestionnaireResult;
}

/** One field of an MCP server's form with the person's answer (null: skipped or not given). */
export interface ElicitationField {
  key: string;
  question: string;
  answer: string | number | boolean | string[] | null;
}

/**
 * An MCP server asked the person something (elicitation): what it asked and how it ended,
 * kept for replay. Added in schema 1 as a new event type; older sessions simply have none.
 */
export interface ElicitationEvent extends EventBase {
  type: 'elicitation';
  server: string;
  mode: 'form' | 'url';
  message: string;
  action: 'accept' | 'decline' | 'cancel';
  /** Form mode: each field, in order. */
  fields?: ElicitationField[];
  /** URL mode: the URL the server asked to open. */
  url?: string;
  /** Why it ended without the person (nobody could answer, an error). */
  note?: string;
}

/**
 * A turn that did not end normally: the person interrupted or stopped it, it failed, or it ran
 * out of steps. Only the reason, for the replay (the error's text is not kept). Added in schema 1
 * as a new event type; older sessions simply have none.
 */
export interface TurnEndEvent extends EventBase {
  type: 'turn_end';
  reason: TurnEndReason;
}

/** Why a recorded turn ended (a turn that ended normally records none). */
export type TurnEndReason = 'interrupted' | 'stopped' | 'error' | 'max_iterations';

export const TURN_END_REASONS: readonly TurnEndReason[] = [
  'interrupted',
  'stopped',
  'error',
  'max_iterations',
];

export interface SettingsEvent extends EventBase {
  type: 'settings';
  toolHistory?: ToolHistoryMode;
  /** The mode the session works in from here on (written when it changes; absent: default). */
  mode?: AgentMode;
}

export type SessionEvent =
  | SessionStartEvent
  | UserEvent
  | AssistantEvent
  | ToolEndEvent
  | ToolProgressEvent
  | SubagentTaskEvent
  | CheckpointEvent
  | ProviderChangeEvent
  | QuestionnaireEvent
  | QuestionnaireProgressEvent
  | ElicitationEvent
  | SettingsEvent
  | TurnEndEvent
  | FileSnapshotEvent
  | UndoEvent;

export type SessionEventType = SessionEvent['type'];

export type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/** An event before the writer stamps it with version, id and time. */
export type SessionEventInput = DistributiveOmit<SessionEvent, 'v' | 'id' | 'ts'>;

/** A line of a session file that could not be used, reported instead of failing the load. */
export interface LoadWarning {
  /** 1-based line number in the file. */
  line: number;
  reason: string;
}
