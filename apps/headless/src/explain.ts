import { FlagError, invocationDir, PermissionRuleSet, resolveWorkspace } from '@agent/runtime';
import { agentHome as defaultAgentHome } from '@agent/llm/config';
import { explainCommand } from '@agent/tools';
import type { CliOptions } from './cli-args';
import { UsageError } from './exit-codes';

/**
 * `agent-run --explain 'COMMAND'`: why the command line would run without a card, ask, or be
 * denied in this workspace, rule by rule, with the rules of `--allow`/`--deny` and both settings
 * files as a run would load them (and what headless does with an ask: `--yes` or not). Starts
 * no provider and runs nothing. A settings file that cannot be read is a UsageError.
 */
export async function explainLine(
  command: string,
  options: Omit<CliOptions, 'prompt'>,
  io: { env: NodeJS.ProcessEnv; cwd: string },
): Promise<string> {
  let workspace: string;
  try {
    workspace = await resolveWorkspace(options.cwd, invocationDir(io.env, io.cwd));
  } catch (error) {
    if (error instanceof FlagError) throw new UsageError(error.message);
    throw error;
  }
  const agentHome = defaultAgentHome(io.env);
  let rules: PermissionRuleSet;
  try {
    rules = new PermissionRuleSet({
      agentHome,
      workspace,
      flags: { allow: options.allow, deny: options.deny },
      workspaceTrusted: false,
    });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const lines = await explainCommand(rules.list(), command);
  const notes = [
    `workspace: ${workspace}`,
    ...rules.problems.map((problem) => `note: ${problem}`),
    options.yes
      ? 'this run has --yes: a line that asks runs; a denied one does not'
      : 'without --yes, a headless run refuses a line that asks',
  ];
  return `${[...lines, ...notes].join('\n')}\n`;
}
