import { buildSystemPrompt, createProvider, type Provider, type ProviderId } from '@agent/llm';
import { latestSessionFor, resolveSession } from '@agent/session';
import { createTaskTool, loadProfiles } from '@agent/subagents';
import { ToolRegistry, createWorkspaceTools } from '@agent/tools';
import type { ReplArgs } from './args';
import type { StartConfig } from './start-config';
import { AgentCore } from './agent-core';
import { resumeFile, runCommand, type CommandDeps } from './command-runner';
import { BUILTIN_EXTENSIONS } from './extensions';
import type { CardPermissionRequester } from './permission-requester';
import type { ReplApp } from './repl-app';
import type { ReplayHook } from './replay';

export const DEFAULT_MAX_ASK_USER = 3;

export interface WireOptions {
  app: ReplApp;
  cards: CardPermissionRequester;
  args: ReplArgs;
  /** The checked configuration (see loadStartConfig). */
  config: StartConfig;
  /** Used instead of the configured provider (tests). */
  provider?: Provider;
  quit(code?: number): Promise<void>;
}

/**
 * Builds the primary agent and attaches it to the app: the configured provider (the offline
 * demo without credentials), workspace tools plus extensions, the system prompt, the
 * slash commands, and a resumed session when asked. Throws on configuration errors.
 */
export async function wireAgent(options: WireOptions): Promise<AgentCore> {
  const { app, cards, args } = options;
  const { agentHome, resolved, settings } = options.config;
  const provider = options.provider ?? createProvider(resolved!.id, resolved!.options);
  const { profiles, errors } = await loadProfiles({ agentHome, workspaceRoot: args.cwd });
  const current: Provider = {
    get id() {
      return core.provider.id;
    },
    get model() {
      return core.provider.model;
    },
    stream: (request, signal) => core.provider.stream(request, signal),
  };
  const registry: ToolRegistry = new ToolRegistry([
    ...createWorkspaceTools(),
    createTaskTool({
      provider: current,
      providerForModel: (model): Provider =>
        createProvider(core.provider.id as ProviderId, { ...(resolved?.options ?? {}), model }),
      profiles,
    }),
  ]);
  const maxAskUser = args.maxAskUser ?? DEFAULT_MAX_ASK_USER;
  const core: AgentCore = new AgentCore(provider, {
    agentHome,
    workspaceRoot: args.cwd,
    registry,
    system: '',
    permissions: cards,
    maxAskUser,
    toolHistory: args.toolHistory ?? 'full',
    autoCompact: settings.autoCompact,
    onEvent: (event) => app.onLoopEvent(event),
    onSaveError: (error) => app.error(`Saving the session failed: ${error.message}`),
    onNotice: (text) => app.info(text),
  });

  const sections: string[] = [];
  const replayHooks: ReplayHook[] = [];
  for (const factory of BUILTIN_EXTENSIONS) {
    const extension = factory(app.host({ maxAskUser }));
    for (const tool of extension.tools ?? []) registry.register(tool);
    sections.push(...(extension.systemPromptSections ?? []));
    if (extension.askUser) core.options.askUser = extension.askUser;
    if (extension.replaySegment) replayHooks.push(extension.replaySegment);
  }
  core.options.system = buildSystemPrompt({
    workspaceRoot: args.cwd,
    toolNames: registry.names(),
    extraSections: sections,
  });
  app.display = {
    isHidden: (name) => registry.get(name)?.interactive === true,
    showsOutput: (name) => registry.get(name)?.permission === 'exec',
  };

  const deps: CommandDeps = {
    app,
    core,
    agentHome,
    workspaceRoot: args.cwd,
    replayHooks,
    switchModel: async (name) => {
      const base = resolved?.options ?? { model: name };
      core.provider = createProvider(core.provider.id as ProviderId, { ...base, model: name });
      core.writer?.recordProviderChange(core.provider.id, name);
      return `Model: ${core.provider.id} / ${name}`;
    },
    resetSession: () => cards.reset(),
    quit: () => void options.quit(0),
  };
  app.commandHandler = (text, signal) => runCommand(text, deps, signal);

  app.info(`agent · ${provider.id}/${provider.model} · workspace ${args.cwd}`);
  if (resolved?.id === 'demo') app.info(resolved.reason);
  for (const error of errors) app.error(`Agent profile skipped: ${error.message}`);
  app.info('Type a message and press Enter. /help lists keys and commands.');
  if (args.resume || args.continue) await resume(args, agentHome, deps);
  app.attach(core);
  return core;
}

async function resume(args: ReplArgs, agentHome: string, deps: CommandDeps): Promise<void> {
  if (args.resume) {
    const found = await resolveSession(agentHome, args.resume);
    if (found.ok) return resumeFile(found.session.path, deps, args.toolHistory);
    return deps.app.error(found.message);
  }
  const latest = await latestSessionFor(agentHome, args.cwd);
  if (latest) return resumeFile(latest.path, deps, args.toolHistory);
  deps.app.info('No saved session for this directory yet: starting a new one.');
}
