import { DEFAULT_AUTO_COMPACT_FRACTION } from '../context/auto';
import { loadConfigFile, type AgentMode } from './config-file';
import type { SandboxMode } from '@agent/tools';

/** Agent behaviour settings from `$AGENT_HOME/config.json`, shared by the REPL and headless. */
export interface AgentSettings {
  /** Fraction of the context window at which to compact before a prompt; false: never. */
  autoCompact: number | false;
  /** The mode sessions start in when no `--mode` is given (see @agent/runtime AgentMode). */
  mode?: AgentMode;
  /** Whether `run_shell` runs commands in bubblewrap (default auto: where it works). */
  sandbox: SandboxMode;
}

/**
 * Reads the settings from `$AGENT_HOME/config.json`, with defaults for what it leaves out
 * (autoCompact: DEFAULT_AUTO_COMPACT_FRACTION, sandbox: auto). Throws ConfigError on an invalid file.
 */
export function loadAgentSettings(home: string): AgentSettings {
  const file = loadConfigFile(home);
  return {
    autoCompact: file?.autoCompact ?? DEFAULT_AUTO_COMPACT_FRACTION,
    ...(file?.mode ? { mode: file.mode } : {}),
    sandbox: file?.sandbox ?? 'auto',
  };
}
