import { loadAgentSettings } from '@agent/llm';
import { ShellSandbox } from '@agent/tools';
import type { AgentSessionOptions } from '../session/agent-session-options';

/**
 * The session's sandbox for `run_shell` (its own and its subagents'): `options.sandbox`, else
 * config.json's `sandbox`, else auto, with what config.json lets in (`sandboxAllowSockets`,
 * `sandboxAllowEnv`: the person's own file, never the workspace's). Bubblewrap is probed when a
 * command first needs it (a turn without commands starts no bwrap); when it does not work, that
 * is said once (`notice`): auto runs commands unsandboxed, on refuses them; both say how to
 * install it. Throws ConfigError when config.json is invalid.
 */
export function sessionSandbox(
  options: Pick<AgentSessionOptions, 'agentHome' | 'sandbox' | 'mayLeaveSandbox'>,
  notice: (text: string) => void,
): ShellSandbox {
  const settings = loadAgentSettings(options.agentHome);
  const mode = options.sandbox ?? settings.sandbox;
  const sandbox = new ShellSandbox({
    mode,
    agentHome: options.agentHome,
    allowSockets: settings.sandboxAllowSockets,
    allowEnv: settings.sandboxAllowEnv,
    mayLeave: options.mayLeaveSandbox ?? true,
    onProbed: (probe) => {
      if (!probe.available && sandbox.mode !== 'off') notice(sandbox.describe());
    },
  });
  return sandbox;
}
