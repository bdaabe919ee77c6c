import { DEFAULT_AUTO_COMPACT_FRACTION } from '../context/auto';
import { loadConfigFile, type AgentMode } from './config-file';

/** Agent behaviour settings from `$AGENT_HOME/config.json`, shared by the REPL and headless. */
export interface AgentSettings {
  /** Fraction of the context window at which to compact before a prompt; false: never. */
  autoCompact: number | false;
  /** The mode sessions start in when no `--mode` is given (see @agent/runtime AgentMode). */
  mode?: AgentMode;
}

/**
 * Reads the settings from `$AGENT_HOME/config.json`, with defaults for what it leaves out
 * (autoCompact: DEFAULT_AUTO_COMPACT_FRACTION). Throws ConfigError on an invalid file.
 */
export function loadAgentSettings(home: string): AgentSettings {
  const file = loadConfigFile(home);
  return {
    autoCompact: file?.autoCompact ?? DEFAULT_AUTO_COMPACT_FRACTION,
    ...(file?.mode ? { mode: file.mode } : {}),
  };
}
