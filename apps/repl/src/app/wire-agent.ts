import { DEFAULT_MAX_ASK_USER } from '@agent/askuser';
import type { Provider } from '@agent/llm';
import { loadAgentSettings } from '@agent/llm/config';
import { inFlagTerms } from '@agent/runtime/flags';
import {
  Conversation,
  type AgentSession,
  findSession,
  loadCustomCommands,
  SessionNotFound,
  type SavedSession,
} from '@agent/runtime';
import { interactiveChoice } from './interactive-choice';
import { workspaceLister } from '../input/workspace-lister';
import type { ReplArgs } from './args';
import type { StartConfig } from './start-config';
import { runCommand, type CommandDeps } from './command-runner';
import { customCommandInfos } from './commands/custom-command-infos';
import { completionEntries, reservedNames } from './commands/slash-commands';
import { RemoteAccess } from './remote-access';
import { replayResumed, showResumed, startedOver } from './session-commands';
import { presentForm, presentUrl } from '../elicitation/elicitation-cards';
import { presentApproval } from '../person/approval-card';
import { CardNotifier } from '../person/card-notifier';
import { ReplCards } from '../person/repl-person';
import { BUILTIN_EXTENSIONS } from './extensions';
import { McpNotices } from './mcp-command';
import { skillCommandInfos } from './extension-commands';
import type { ReplApp } from './repl-app';

export interface WireOptions {
  app: ReplApp;
  args: ReplArgs;
  /** The checked configuration (see loadStartConfig). */
  config: StartConfig;
  /** Used instead of the configured provider (tests). */
  provider?: Provider;
  quit(code?: number): Promise<void>;
}

/**
 * Builds the primary agent through the runtime and attaches it to the app: one person channel
 * for every card (approvals, servers' forms, and what the extensions present: ask_user's
 * questionnaire); the extensions supply extra tools and prompt sections too; the slash
 * commands and the tool display come with it; a resumed session when asked. Throws on
 * configuration errors.
 */
export async function wireAgent(options: WireOptions): Promise<AgentSession> {
  const { app, args } = options;
  const { agentHome } = options.config;
  const maxAskUser = args.maxAskUser ?? DEFAULT_MAX_ASK_USER;
  const saved = await savedSession(args, agentHome, app);
  const host = app.host({ maxAskUser });
  const extensions = BUILTIN_EXTENSIONS.map((factory) => factory(host));
  const current: { session?: AgentSession; conversation?: Conversation; remote?: RemoteAccess } =
    {};
  const notifier = new CardNotifier({
    settings: loadAgentSettings(agentHome).notify,
    writeTerminal: (data) => app.writeTerminal(data),
    inTmux: Boolean(options.config.env.TMUX),
    where: () => ({
      ...(current.session?.sessionId !== undefined ? { session: current.session.sessionId } : {}),
      workspace: args.cwd,
    }),
    report: (message) => app.error(message),
    cardUrl: (id) => current.remote?.cardUrl(id),
  });
  const cards = new ReplCards(
    host,
    Object.assign(
      { approval: presentApproval, form: presentForm, url: presentUrl },
      ...extensions.map((extension) => extension.presenters ?? {}),
    ),
    app.router.promptTyping(),
    (problem) => app.error(`The answer was not taken: ${problem}`),
  );
  const mcpNotices = new McpNotices(app);
  const resumeStart: CommandDeps['resumeStart'] = {};
  const wired: { deps?: CommandDeps } = {};
  // Notices of the start (rule warnings, a resumed session's other workspace), shown again
  // after a resumed session's replay, which clears the transcript.
  const startNotices: string[] | undefined = saved ? [] : undefined;
  let starting = true;
  const conversation = await Conversation.open({
    agentHome,
    workspaceRoot: args.cwd,
    choice: interactiveChoice(args, options.config.env, agentHome),
    provider: options.provider,
    viewers: [cards],
    rules: { allow: args.allow, deny: args.deny },
    extraTools: extensions.flatMap((extension) => extension.tools ?? []),
    promptSections: extensions.flatMap((extension) => extension.systemPromptSections ?? []),
    maxInteractive: maxAskUser,
    ...(args.mode ? { mode: args.mode } : {}),
    toolHistory: args.toolHistory,
    sandbox: args.sandbox,
    resume: saved,
    mcp: { env: options.config.env },
    onEvent: (said) => {
      notifier.hear(said);
      if (said.type === 'turn_started') return app.turnStarted(said);
      if (said.type === 'turn_ended') return app.turnEnded(said.result);
      if (said.type === 'prompt_dropped') return app.promptDropped();
      // The start's resumed session is replayed once the commands are wired (below).
      if (said.type === 'history') return wired.deps && replayResumed(said.session, wired.deps);
      if (said.type === 'new_session') return wired.deps && startedOver(wired.deps);
      if (said.type !== 'runtime') return;
      const event = said.event;
      if (event.type === 'mcp_servers') {
        return mcpNotices.update(event.servers, event.configErrors);
      }
      if (event.type === 'elicitation') return; // its card already shows it
      if (event.type === 'notice' && starting) startNotices?.push(event.text);
      app.onRuntimeEvent(event);
    },
  });
  starting = false;
  const session = conversation.session;
  current.session = session;
  current.conversation = conversation;

  const custom = await loadCustomCommands(agentHome, args.cwd, reservedNames());
  for (const error of custom.errors) app.error(`Custom command skipped: ${error}`);
  const named = [...completionEntries(), ...customCommandInfos(custom.commands)];
  const taken = new Set(named.map((c) => c.name));
  app.router.suggestions.commands = [...named, ...skillCommandInfos(session, taken)];

  const deps: CommandDeps = {
    app,
    session,
    conversation,
    person: conversation.person,
    agentHome,
    workspaceRoot: args.cwd,
    replayHooks: extensions.flatMap((extension) =>
      extension.replaySegment ? [extension.replaySegment] : [],
    ),
    customCommands: custom.commands,
    resetSession: () => session.permissionRules.resetSession(),
    quit: () => void options.quit(0),
    resumeStart,
    remote: new RemoteAccess(conversation, app.lifetime),
  };
  current.remote = deps.remote;
  wired.deps = deps;
  app.info(`agent · ${session.provider.id}/${session.provider.model} · workspace ${args.cwd}`);
  if (session.provider.id === 'demo') app.info(inFlagTerms(session.providerReason));
  const problem = session.credentialProblem();
  if (problem) app.error(inFlagTerms(problem));
  app.info('Type a message and press Enter. /help lists keys and commands.');
  if (saved) showResumed(saved, deps);
  for (const text of startNotices ?? []) app.info(text);
  app.attach({
    session,
    conversation,
    commands: (text, signal, beside) => runCommand(text, deps, signal, beside),
    display: {
      // What each call is and how it ended, as the session's transcript has it.
      entry: (id) => conversation.transcriptCall(id),
      showsOutput: (name) => session.registry.get(name)?.permission === 'exec',
    },
    listFiles: workspaceLister(args.cwd),
  });
  // `agent --resume` alone and `agent "PROMPT"`: as if typed, after anything typed while loading.
  if (args.pickSession) app.submit('/resume', undefined, true);
  if (args.prompt !== undefined) app.submit(args.prompt, undefined, true);
  return session;
}

/**
 * The session `--resume` or `--continue` names, if any. startRepl has checked the `--resume` id
 * already: a file removed since is reported, not fatal.
 */
async function savedSession(
  args: ReplArgs,
  agentHome: string,
  app: ReplApp,
): Promise<SavedSession | undefined> {
  if (!args.resume && !args.continue) return undefined;
  try {
    const saved = await findSession(agentHome, args.cwd, args);
    if (!saved) app.info('No saved session for this directory yet: starting a new one.');
    return saved;
  } catch (error) {
    if (!(error instanceof SessionNotFound)) throw error;
    app.error(error.message);
    return undefined;
  }
}
