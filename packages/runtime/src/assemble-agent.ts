import { buildSystemPrompt, readInstructions, type Provider } from '@agent/llm';
import { createTaskTool, loadProfiles, type AgentProfile } from '@agent/subagents';
import { createWorkspaceTools, ToolRegistry, type Tool } from '@agent/tools';

/** The agent a session delegates from: its current provider, which may change between turns. */
export interface ParentAgent {
  readonly provider: Provider;
  providerForModel(model: string): Provider;
}

/** The agent profiles subagents can run as, and the files that could not be read. */
export async function agentProfiles(
  agentHome: string,
  workspaceRoot: string,
): Promise<{ profiles: ReadonlyMap<string, AgentProfile>; notices: string[] }> {
  const { profiles, errors } = await loadProfiles({ agentHome, workspaceRoot });
  return { profiles, notices: errors.map((error) => `Agent profile skipped: ${error.message}`) };
}

/**
 * The primary agent's tools: the workspace tools, `task` (subagents on the parent's current
 * provider), then the front end's extra tools.
 */
export function agentRegistry(input: {
  parent: ParentAgent;
  profiles: ReadonlyMap<string, AgentProfile>;
  extraTools?: readonly Tool[];
  /** Applied to each workspace tool (snapshots before edits, for `/undo`). */
  wrapTool?: (tool: Tool) => Tool;
}): ToolRegistry {
  const { parent } = input;
  const current: Provider = {
    get id() {
      return parent.provider.id;
    },
    get model() {
      return parent.provider.model;
    },
    stream: (request, signal) => parent.provider.stream(request, signal),
  };
  return new ToolRegistry([
    ...createWorkspaceTools().map((tool) => input.wrapTool?.(tool) ?? tool),
    createTaskTool({
      provider: current,
      providerForModel: (model) => parent.providerForModel(model),
      profiles: input.profiles,
    }),
    ...(input.extraTools ?? []),
  ]);
}

/**
 * The primary agent's system prompt for `registry`, with the front end's sections and the
 * AGENTS.md files of the agent home and the workspace.
 */
export function agentSystemPrompt(
  workspaceRoot: string,
  agentHome: string,
  registry: ToolRegistry,
  sections: readonly string[] = [],
): string {
  return buildSystemPrompt({
    workspaceRoot,
    agentHome,
    toolNames: registry.names(),
    extraSections: sections,
  });
}

/** One notice per AGENTS.md the system prompt leaves out (a link out, a FIFO, a directory). */
export function skippedInstructions(workspaceRoot: string, agentHome: string): string[] {
  return readInstructions({ workspaceRoot, agentHome }).skipped.map(
    (why) => `Instructions file skipped: ${why}`,
  );
}
