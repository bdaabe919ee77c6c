import type { AgentSession } from '@agent/runtime';
import { isSandboxMode } from '@agent/tools';
import type { ReplApp } from './repl-app';

export const SANDBOX_USAGE = 'Usage: /sandbox · /sandbox auto|on|off';

/**
 * `/sandbox`: where commands run; `/sandbox auto|on|off` changes it for this session (the next
 * command runs as it says; config.json's `sandbox` and `--sandbox` choose it at start).
 */
export async function runSandboxCommand(
  args: string,
  session: AgentSession,
  app: ReplApp,
  signal: AbortSignal,
): Promise<void> {
  const { sandbox } = session;
  if (args !== '') {
    if (!isSandboxMode(args)) return app.error(SANDBOX_USAGE);
    sandbox.mode = args;
  }
  if (sandbox.mode !== 'off') await sandbox.probe(signal);
  const line = sandbox.describe();
  const head =
    args !== '' ? `For this session: ${line}` : `${line} Change it with /sandbox auto|on|off.`;
  app.info(`${head} Commands you type with ! always run with your rights.`);
}
