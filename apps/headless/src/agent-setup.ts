import {
  buildSystemPrompt,
  ConfigError,
  createProvider,
  resolveProviderConfig,
  type Provider,
  type ProviderFlags,
} from '@agent/llm';
import type { SessionProjection } from '@agent/session';
import { createTaskTool, loadProfiles } from '@agent/subagents';
import { createWorkspaceTools, ToolRegistry, type PermissionRequester } from '@agent/tools';
import type { CliOptions } from './cli-args';
import { UsageError } from './exit-codes';
import { headlessPermissions } from './permission-policy';

/** Everything the loop needs for a headless run. */
export interface HeadlessAgent {
  provider: Provider;
  registry: ToolRegistry;
  system: string;
  permissions: PermissionRequester;
  /** Why this provider was chosen, and anything the person should know (profile errors). */
  notices: string[];
}

export interface AgentInput {
  cli: CliOptions;
  env: NodeJS.ProcessEnv;
  agentHome: string;
  workspace: string;
  /** A resumed session: its provider and model apply unless flags or the environment choose. */
  previous?: SessionProjection;
}

/**
 * The provider (flags > env > resumed session > config file > detected credentials > demo),
 * the registry (workspace tools and `task`; never `ask_user`), the system prompt and the policy.
 * Configuration mistakes become usage errors.
 */
export async function createAgent(input: AgentInput): Promise<HeadlessAgent> {
  const { cli, env, previous } = input;
  const flags: ProviderFlags = {};
  if (cli.baseUrl !== undefined) flags.baseUrl = cli.baseUrl;
  const providerChosen = cli.provider !== undefined || Boolean(env.AGENT_PROVIDER?.trim());
  const provider = cli.provider ?? (providerChosen ? undefined : previous?.provider);
  if (provider !== undefined) flags.provider = provider;
  const modelChosen = cli.model !== undefined || Boolean(env.AGENT_MODEL?.trim());
  const sameProvider = provider === undefined || provider === previous?.provider;
  const model = cli.model ?? (modelChosen || !sameProvider ? undefined : previous?.model);
  if (model !== undefined) flags.model = model;

  let resolved;
  try {
    resolved = resolveProviderConfig({ flags, env, agentHome: input.agentHome });
  } catch (error) {
    if (error instanceof ConfigError) throw new UsageError(error.message);
    throw error;
  }
  const main = createProvider(resolved.id, resolved.options);
  const notices = [`provider: ${resolved.id} (${resolved.options.model}); ${resolved.reason}`];

  const { profiles, errors } = await loadProfiles({
    agentHome: input.agentHome,
    workspaceRoot: input.workspace,
  });
  for (const error of errors) notices.push(`agent profile skipped: ${error.message}`);
  const registry = new ToolRegistry([
    ...createWorkspaceTools(),
    createTaskTool({
      provider: main,
      providerForModel: (name) => createProvider(resolved.id, { ...resolved.options, model: name }),
      profiles,
    }),
  ]);

  const system = buildSystemPrompt({
    workspaceRoot: input.workspace,
    toolNames: registry.names(),
    extraSections: [headlessGuidance(cli.yes)],
  });
  return {
    provider: main,
    registry,
    system,
    permissions: headlessPermissions({ yes: cli.yes }),
    notices,
  };
}

function headlessGuidance(yes: boolean): string {
  const allowed = yes
    ? 'Every tool call is approved in this run.'
    : 'Read-only tools and edits inside the workspace run; other calls (running commands) are refused in this run.';
  return `This is an unattended (headless) run: nobody is watching and nobody can answer questions. Make reasonable assumptions, state them, and finish the task. ${allowed}`;
}
