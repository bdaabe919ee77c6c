import type { AssistantMessage, LoopEndReason, Provider, ToolHistoryMode } from '@agent/llm';
import type { PersonChannel, SandboxMode, Tool } from '@agent/tools';
import type { ProviderChoice } from '../provider/choose-provider';
import type { RuntimeEvent } from './events';
import type { SavedSession } from '../session-file/find-session';
import type { McpSessionOptions } from '../mcp/mcp-link';
import type { AgentMode } from '../modes/agent-mode';

/** Everything one agent session needs; nothing here changes between turns. */
export interface AgentSessionOptions {
  agentHome: string;
  workspaceRoot: string;
  /** Flags and environment that choose the provider (see resolveProvider for the rule). */
  choice: ProviderChoice;
  /** Used as is instead of the chosen provider, and never switched on resume (tests). */
  provider?: Provider;
  /**
   * The one way to the person: approvals no permission rule decides, questionnaires and MCP
   * servers' forms (the REPL's cards, one at a time; the headless policy, at once). Which kinds
   * it answers (`canAnswer`) decides what the session asks; whether a person answers them
   * (`personAnswers`), whether calls a crash left open are offered again on resume or closed as
   * interrupted.
   */
  person: PersonChannel;
  /**
   * The front end the person answered a call's own card on (a questionnaire, a plan), asked once
   * as the call ends, for its record (the conversation's card table knows it).
   */
  answeredOn?: (callId: string) => string | undefined;
  /** `--allow` / `--deny` rules of this run (settings files are read by the session). */
  rules?: { allow?: readonly string[]; deny?: readonly string[] };
  /** `--sandbox`: whether `run_shell` runs in bubblewrap (default config.json's, else auto). */
  sandbox?: SandboxMode;
  /**
   * Whether the person may approve running a command the sandbox blocked once outside it (the
   * REPL, an editor; default true). False in headless runs, which never leave the sandbox.
   */
  mayLeaveSandbox?: boolean;
  /** Tools beyond the workspace tools and `task` (the REPL's `ask_user`). */
  extraTools?: readonly Tool[];
  /** Extra system prompt sections (ask_user guidance, headless guidance). */
  promptSections?: readonly string[];
  /** Interactive tool calls per prompt (0 disables them; default 3 where the person channel answers questionnaires, else 0). */
  maxInteractive?: number;
  /** `--tool-history`: overrides the mode a resumed session was saved with. */
  toolHistory?: ToolHistoryMode;
  /** Fraction of the window at which a prompt first compacts; default from config.json. */
  autoCompact?: number | false;
  /** Model calls per prompt. */
  maxIterations?: number;
  /** The mode the session starts in (default: `mode` in config.json, else `default`). */
  mode?: AgentMode;
  /** A saved session to continue from the start. */
  resume?: SavedSession;
  /** MCP servers (config.json and, when trusted, the workspace's .mcp.json); false: none. */
  mcp?: McpSessionOptions | false;
  onEvent(event: RuntimeEvent): void;
}

/** How one prompt ended, with the assistant messages it produced. */
export interface TurnResult {
  reason: LoopEndReason;
  messages: AssistantMessage[];
  error?: string;
  /**
   * Messages sent into the turn (`AgentSession.steer`) that it never gave the model: the turn
   * ended first. The front end sends them next, or gives them back to the person on an interrupt.
   */
  unsent?: string[];
}
