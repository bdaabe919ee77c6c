import type { LoopHooks } from './loop-hooks';
import type {
  CallApproval,
  PersonChannel,
  ToolRegistry,
  ToolResult,
  ToolUpdate,
} from '@agent/tools';
import type { ToolHistoryMode } from '../history/memory';
import type { AssistantMessage, Message, ToolActivity, Usage } from '../messages';
import type { Provider } from '../provider';

/**
 * How a loop ended. `stopped` is the soft stop (a tool ended the turn, as a plan nobody can
 * approve does, or a front end asked for it): the current batch finished, no new model call.
 */
export type LoopEndReason = 'done' | 'max_iterations' | 'error' | 'interrupted' | 'stopped';

/**
 * What the loop reports while it runs, in order: text deltas, then one `assistant_message` per
 * model response (calls `pending`), then `tool_start`/`tool_update`/`tool_end` per call, and one
 * final `turn_end`. Every call of an `assistant_message` gets exactly one `tool_end`.
 */
export type LoopEvent =
  | { type: 'text_delta'; text: string }
  | { type: 'assistant_message'; message: AssistantMessage }
  | { type: 'tool_start'; activity: ToolActivity; title: string }
  | { type: 'tool_update'; id: string; update: ToolUpdate }
  /** A call's approval was decided (by the person, a rule, the mode...): how, as data. */
  | { type: 'tool_approved'; id: string; approval: CallApproval }
  | { type: 'tool_end'; activity: ToolActivity; result: ToolResult }
  /** A message the person sent into the running turn (see `LoopOptions.steer`) joined here. */
  | { type: 'user_message'; text: string }
  | { type: 'usage'; usage: Usage }
  /** The model request failed (rate limit, server error) and is retried after `waitMs`. */
  | { type: 'provider_retry'; attempt: number; maxRetries: number; waitMs: number; reason: string }
  | { type: 'turn_end'; reason: LoopEndReason; error?: string };

export interface LoopOptions {
  provider: Provider;
  /** Read for every request: the tools it offers may change between requests (a mode switch). */
  registry: ToolRegistry;
  /** The system prompt; a function is read for every request (a mode switch changes it). */
  system: string | (() => string);
  /** The conversation so far, ending with the new user message. Not modified. */
  history: Message[];
  /**
   * Continue a turn cut off mid-call (a session resumed after a crash): `history` ends with an
   * assistant message whose calls are still `pending`. Its interactive and `resumable` calls
   * run again (same call ids), the others are closed as interrupted; the re-settled message is returned first
   * in `messages` (in place of the last history message), then the loop goes on. No
   * `assistant_message` is emitted for it, only its calls' `tool_start`/`tool_end`.
   */
  resume?: boolean;
  workspaceRoot: string;
  /** Hard interrupt (Ctrl+C): ends at once; unfinished calls become `interrupted`. */
  signal: AbortSignal;
  /** Stop at the next safe point: finish the current tool batch, start no new model call. */
  softStop?: AbortSignal;
  /**
   * The one way to the person: approvals (permission rules in front), questionnaires where
   * somebody can answer them (`canAnswer`), and whatever tools ask.
   */
  person: PersonChannel;
  /** Model calls per loop (default 50). */
  maxIterations?: number;
  /** Interactive tool calls per loop (default 3); 0 disables them. */
  maxInteractive?: number;
  /**
   * Interactive calls made before this loop that count against `maxInteractive` (a subagent's
   * earlier runs of the same task); default 0.
   */
  interactiveUsed?: number;
  /** What `maxInteractive` counts per, as the refusal says it (default `turn`; a subagent's `task`). */
  interactiveBudgetPer?: string;
  /** What raw outputs the returned messages keep (default `full`). */
  toolHistory?: ToolHistoryMode;
  /** Context window in tokens (default: looked up from the model). */
  contextWindow?: number;
  /** Fraction of the window past which old tool results are pruned before a request (default 0.8). */
  reduceAt?: number;
  maxOutputTokens?: number;
  onEvent?: (event: LoopEvent) => void;
  /**
   * Messages the person sent into this turn since it last asked (steering): asked before each
   * model call after the first, so they reach the model after the tool results in flight. Each
   * joins the conversation as a user message (and a `user_message` event) in that place.
   */
  steer?: () => readonly string[];
  /**
   * The id a call the model just made goes by, given the id the model sent, asked before anything
   * records the call (a session gives an id it already used a fresh one). Absent: as sent.
   */
  callId?: (sent: string) => string;
  /** Run around each tool call and when the model stops (the runtime's hooks, see LoopHooks). */
  hooks?: LoopHooks;
  /**
   * What the loop's first model request waits for (the MCP servers' tools), after a resumed
   * turn's calls have been offered and settled. An interrupt ends the wait and the loop with no
   * request sent; a rejection counts as ready.
   */
  beforeFirstRequest?: (signal: AbortSignal) => Promise<void>;
}

export interface LoopResult {
  /** The assistant messages this loop produced, after the turn-memory policy. */
  messages: AssistantMessage[];
  /** Everything this loop added to the conversation in order: `messages` and steering messages. */
  conversation: Message[];
  reason: LoopEndReason;
  error?: string;
}
