import type { AgentSession, Conversation, CustomCommand } from '@agent/runtime';
import type { Amendment } from '@agent/llm';
import type { PersonChannel } from '@agent/tools';
import type { CommandInfo } from '../../input/commands';
import type { ReplApp } from '../repl-app';
import type { RemoteAccess } from '../remote-access';
import type { ReplayHook } from '../replay';

/** What the slash commands need besides the app and its agent. */
export interface CommandDeps {
  app: ReplApp;
  session: AgentSession;
  /** What the person does to the conversation goes through it (resume, say). */
  conversation: Conversation;
  agentHome: string;
  workspaceRoot: string;
  replayHooks: readonly ReplayHook[];
  /** The person channel: the cards of the session (`/amend` opens one). */
  person: PersonChannel;
  /** Markdown prompt templates from `.agent/commands/` and `$AGENT_HOME/commands/`. */
  customCommands: readonly CustomCommand[];
  /** Forgets per-session state of the UI (e.g. "always allow" answers). */
  resetSession(): void;
  quit(): void;
  /**
   * Where the transcript stood when a `/resume` began: what was said from there on (another
   * workspace, say) is shown again below the replay, which clears the transcript.
   */
  resumeStart: { at?: number };
  /** The session's web page (`/remote`). */
  remote: RemoteAccess;
}

/** A command that sends a prompt to the model: what it is sent, what the transcript shows. */
export interface CommandPrompt {
  prompt: string;
  display: string;
  /** The prompt corrects an earlier questionnaire (`/amend`). */
  amends?: Amendment;
}

/**
 * When a command runs: `idle` only between turns; `busy` also while a turn is running
 * (it neither changes the conversation nor waits for the turn).
 */
export type CommandAvailability = 'idle' | 'busy';

/** One built-in slash command: what /help and the `/` menu show of it, and what it does. */
export interface SlashCommand extends CommandInfo {
  /** Other names that run it (`/exit` for `/quit`). */
  aliases?: readonly string[];
  availability: CommandAvailability;
  run(
    args: string,
    deps: CommandDeps,
    signal: AbortSignal,
  ): void | CommandPrompt | Promise<void | CommandPrompt>;
}
