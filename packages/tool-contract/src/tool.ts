import type { z } from 'zod/v4';
import type { RuleSubject } from './permission';
import type { PersonChannel } from './person/person-request';

/**
 * What a tool may do, deciding whether the person is asked first: `network` reaches the internet
 * (web_fetch), asked like `exec`; its rules name hosts.
 */
export type PermissionClass = 'read' | 'edit' | 'exec' | 'network';

/** Live progress a long-running tool reports while it runs (a subagent's activity, say). */
export interface ToolUpdate {
  text: string;
  data?: unknown;
  /** Worth keeping: recorded in the session and shown on replay (a subagent's steps). */
  persist?: boolean;
}

/** Everything a tool execution may use. Built by the tool loop for each call. */
export interface ToolContext {
  /** Aborted when the turn is interrupted: stop promptly and leave nothing running or pending. */
  signal: AbortSignal;
  /** Absolute real path of the workspace. File tools never read or write outside it. */
  workspaceRoot: string;
  /** The provider's id for the call being executed. */
  toolCallId: string;
  /**
   * The one way to the person (approvals, questionnaires, forms), permission rules in front;
   * nested loops (subagents) reuse it. `canAnswer` says which kinds reach anybody here.
   */
  person: PersonChannel;
  /** Reports progress to the UI; optional, tools must not depend on it. */
  onUpdate?: (update: ToolUpdate) => void;
  /**
   * Sets the output paired with this call if the turn is interrupted before it finishes (ask_user:
   * the answers given so far). Each call replaces the previous one. Optional.
   */
  reportPartial?: (output: string, details?: unknown) => void;
}

/** What a tool returns. Expected failures are `isError` results (or a thrown ToolError), never crashes. */
export interface ToolResult {
  /** The text the model reads. */
  output: string;
  isError?: boolean;
  /** A one-line status for UIs and for history once raw output is dropped: "read 40 lines of a.ts". */
  summary?: string;
  /** A unified diff of what an edit changed, for UIs. */
  diff?: string;
  /**
   * JSON facts a `retainsOutput` tool keeps beside its output for UIs and sessions, never sent to
   * the model (ask_user: which answers were typed).
   */
  details?: unknown;
  /**
   * Keep this one result's exact output durably, as a `retainsOutput` tool's are (`task`'s
   * `needs_input`: the parent must still read the questions after the session is resumed).
   */
  retain?: boolean;
}

/**
 * A tool the model can call. The loop validates the model's arguments against `inputSchema`,
 * asks permission for `edit`/`exec` tools, then calls `execute`.
 */
export interface Tool<I = any> {
  name: string;
  /** Advertised to the model. */
  description: string;
  /** zod schema of the input; advertised to providers as the JSON Schema `toolSpec` derives. */
  inputSchema: z.ZodType<I>;
  permission: PermissionClass;
  /**
   * Needs a person at the keyboard (ask_user). The loop gives it precedence over other calls of
   * the same model turn, applies the per-loop budget, and refuses it where nobody answers
   * questionnaires.
   */
  interactive?: boolean;
  /**
   * Run again, with the same input, when a resumed session continues a turn cut off while this
   * call was pending and the caller kept it open: the call changes nothing before the person
   * decides (`present_plan`). Interactive calls are run again anyway.
   */
  resumable?: boolean;
  /**
   * The exact input and output are kept durably in turn memory, sessions and later provider
   * requests, and are never pruned by context reduction (the person's answers stay exact).
   */
  retainsOutput?: boolean;
  /**
   * May run at the same time as the other `concurrent` calls of the same model response (the
   * `task` delegation tool). Results are still reported in call order.
   */
  concurrent?: boolean;
  /**
   * A section of the system prompt that travels with the tool: how the model should use it
   * (`ask_user`'s guidance). Wherever the tool is registered, the runtime's prompt includes the
   * section once, beside the tool's name; nothing else needs adding it.
   */
  promptSection?: string;
  /**
   * Raises one call above `permission` when its input calls for it: a write that makes git run
   * code (`.git/hooks/`, `.git/config`) needs the approval a command needs. Resolves to undefined
   * when the tool's class stands. Should not throw; the loop treats a failure as `exec`.
   */
  escalate?(input: I, ctx: ToolContext): Promise<Escalation | undefined>;
  /**
   * A short description of a call for status lines and permission cards. Whatever the person
   * approves appears in it whole (a command, a path), never shortened or cleaned: the UI shows
   * every line and makes hidden characters visible, so what is shown is what runs.
   */
  describe?(input: I): string;
  /** What permission rules match for a call: its command line, or its workspace path. */
  ruleSubject?(input: I): RuleSubject;
  /**
   * What the call would change, shown on the permission card before anything happens. Throws a
   * {@link ToolError} when the call cannot apply: it then fails with that error and nobody is asked.
   */
  preview?(input: I, ctx: ToolContext): Promise<string | undefined>;
  execute(input: I, ctx: ToolContext): Promise<ToolResult>;
}

/** A call that needs more approval than its tool's class, and why. */
export interface Escalation {
  permission: 'exec';
  /** Shown to the person and, on denial, to the model: "git runs files in .git/hooks". */
  reason: string;
}

/** Thrown by a tool for an expected failure the model can act on; becomes an error result. */
export class ToolError extends Error {
  override name = 'ToolError';
}

/** Identity helper that keeps a tool's input type tied to its schema. */
export function defineTool<S extends z.ZodType>(
  tool: Tool<z.infer<S>> & { inputSchema: S },
): Tool<z.infer<S>> {
  return tool;
}
