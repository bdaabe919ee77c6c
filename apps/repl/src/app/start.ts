import {
  buildSystemPrompt,
  createProvider,
  resolveProviderConfig,
  type Provider,
  type ProviderId,
} from '@agent/llm';
import { defaultAgentHome, latestSessionFor, resolveSession } from '@agent/session';
import { ToolRegistry, allowAll, createWorkspaceTools } from '@agent/tools';
import { mountScreen, type ReplScreen, type TerminalStreams } from '../ui/repl-screen';
import type { ReplArgs } from './args';
import { AgentCore } from './agent-core';
import { resumeFile, runCommand, type CommandDeps } from './command-runner';
import { BUILTIN_EXTENSIONS } from './extensions';
import { CardPermissionRequester } from './permission-requester';
import { ReplApp } from './repl-app';
import type { ReplayHook } from './replay';

export const DEFAULT_MAX_ASK_USER = 3;

/** Test seams: the environment, and a provider used instead of the configured one. */
export interface StartOptions {
  env?: NodeJS.ProcessEnv;
  provider?: Provider;
}

/** A running REPL: `exited` resolves with the exit code once everything is saved. */
export interface RunningRepl {
  app: ReplApp;
  screen: ReplScreen;
  core: AgentCore;
  quit(code?: number): Promise<void>;
  exited: Promise<number>;
}

/**
 * Wires the REPL: provider from flags/env/config (the offline demo without credentials),
 * workspace tools plus extensions for the primary agent, the screen, and a resumed session
 * when asked. Throws (before touching the terminal) on configuration errors.
 */
export async function startRepl(
  args: ReplArgs,
  io: TerminalStreams,
  options: StartOptions = {},
): Promise<RunningRepl> {
  const env = options.env ?? process.env;
  const agentHome = defaultAgentHome(env);
  const resolved = options.provider
    ? undefined
    : resolveProviderConfig({
        flags: { provider: args.provider, model: args.model, baseUrl: args.baseUrl },
        env,
        agentHome,
      });
  const provider = options.provider ?? createProvider(resolved!.id, resolved!.options);
  const registry = new ToolRegistry(createWorkspaceTools());
  const maxAskUser = args.maxAskUser ?? DEFAULT_MAX_ASK_USER;

  const ui: { screen?: ReplScreen } = {};
  const paint = (): void => ui.screen?.paint();
  const core = new AgentCore(provider, {
    agentHome,
    workspaceRoot: args.cwd,
    registry,
    system: '',
    permissions: allowAll,
    maxAskUser,
    toolHistory: args.toolHistory ?? 'full',
    onEvent: () => undefined,
    onSaveError: () => undefined,
  });
  const app = new ReplApp(core, paint, () => void quit(0));
  const cards = new CardPermissionRequester(app.transcript, app.modals, paint);
  core.options.permissions = cards;
  core.options.onEvent = (event) => app.onLoopEvent(event);
  core.options.onSaveError = (error) => app.error(`Saving the session failed: ${error.message}`);

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

  let exit!: (code: number) => void;
  const exited = new Promise<number>((resolve) => (exit = resolve));
  let quitting: Promise<void> | undefined;
  const quit = (code = 0): Promise<void> => {
    quitting ??= (async () => {
      app.dispose();
      ui.screen?.destroy();
      await core.close();
      exit(code);
    })();
    return quitting;
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
    quit: () => void quit(0),
  };
  app.commandHandler = (text) => runCommand(text, deps);

  const screen = mountScreen(app, io);
  ui.screen = screen;
  app.info(`agent · ${provider.id}/${provider.model} · workspace ${args.cwd}`);
  if (resolved?.id === 'demo') app.info(resolved.reason);
  app.info('Type a message and press Enter. /help lists keys and commands.');

  const resumeTarget = args.resume
    ? await resolveSession(agentHome, args.resume)
    : args.continue
      ? await latestSessionFor(agentHome, args.cwd).then((info) =>
          info ? { ok: true as const, session: info } : undefined,
        )
      : undefined;
  if (args.resume || args.continue) {
    if (resumeTarget && resumeTarget.ok) await resumeFile(resumeTarget.session.path, deps);
    else if (resumeTarget && !resumeTarget.ok) app.error(resumeTarget.message);
    else app.info('No saved session for this directory yet: starting a new one.');
  }
  screen.scheduler.flush();
  screen.paint();
  return { app, screen, core, quit, exited };
}
