import { DEFAULT_AUTO_COMPACT_FRACTION } from '../context/auto';
import { loadConfigFile, type AgentMode } from './config-file';
import type { SandboxMode } from '@agent/tools';

/** Seconds a card waits unanswered before the person is notified, unless config.json says. */
export const DEFAULT_NOTIFY_AFTER_SECONDS = 10;

/** How a person who looked away is told that a card waits (config.json `notify`). */
export interface NotifySettings {
  /** Seconds a card waits unanswered before the bell and the desktop notification. */
  afterSeconds: number;
  /** The person's program, given a JSON description of the card on stdin: a shell line or argv. */
  command?: string | string[];
}

/** Agent behaviour settings from `$AGENT_HOME/config.json`, shared by the REPL and headless. */
export interface AgentSettings {
  /** Fraction of the context window at which to compact before a prompt; false: never. */
  autoCompact: number | false;
  /** The mode sessions start in when no `--mode` is given (see @agent/runtime AgentMode). */
  mode?: AgentMode;
  /** Whether `run_shell` runs commands in bubblewrap (default auto: where it works). */
  sandbox: SandboxMode;
  /** Host sockets sandboxed commands may reach (config.json `sandboxAllowSockets`); absent: none. */
  sandboxAllowSockets?: string[];
  /** Variables passed into the sandbox besides the usual ones (`sandboxAllowEnv`); absent: none. */
  sandboxAllowEnv?: string[];
  /** Notifications for waiting cards (the REPL); false: none. */
  notify: NotifySettings | false;
  /** Read `~/.claude/CLAUDE.md` as the person's own instructions too (default false). */
  userClaudeMd: boolean;
  /** US dollars per million tokens, by model id (config.json `prices`); absent: none known. */
  prices?: Readonly<Record<string, ModelPrice>>;
}

/** What a model's tokens cost, in US dollars per million (cached input: the input price if absent). */
export interface ModelPrice {
  input: number;
  output: number;
  cachedInput?: number;
}

/**
 * Reads the settings from `$AGENT_HOME/config.json`, with defaults for what it leaves out
 * (autoCompact: DEFAULT_AUTO_COMPACT_FRACTION, sandbox: auto; notify after
 * DEFAULT_NOTIFY_AFTER_SECONDS, no command). Throws ConfigError on an invalid file.
 */
export function loadAgentSettings(home: string): AgentSettings {
  const file = loadConfigFile(home);
  const notify = file?.notify;
  return {
    autoCompact: file?.autoCompact ?? DEFAULT_AUTO_COMPACT_FRACTION,
    ...(file?.mode ? { mode: file.mode } : {}),
    sandbox: file?.sandbox ?? 'auto',
    ...(file?.sandboxAllowSockets ? { sandboxAllowSockets: file.sandboxAllowSockets } : {}),
    ...(file?.sandboxAllowEnv ? { sandboxAllowEnv: file.sandboxAllowEnv } : {}),
    userClaudeMd: file?.userClaudeMd ?? false,
    ...(file?.prices ? { prices: file.prices } : {}),
    notify:
      notify === false
        ? false
        : {
            afterSeconds:
              (notify === true ? undefined : notify?.afterSeconds) ?? DEFAULT_NOTIFY_AFTER_SECONDS,
            ...(typeof notify === 'object' && notify.command !== undefined
              ? { command: notify.command }
              : {}),
          },
  };
}
