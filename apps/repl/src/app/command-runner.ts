import { compactHistory, type ToolHistoryMode } from '@agent/llm';
import { listSessions, loadSession, projectSession, resolveSession } from '@agent/session';
import { offerOpenQuestionnaire } from '../ask-user/reopen-questionnaire';
import { COMMANDS, parseCommand } from '../input/commands';
import type { AgentCore } from './agent-core';
import type { ReplApp } from './repl-app';
import { replaySegments, type ReplayHook } from './replay';
import { sessionLine } from './session-list';

/** What the slash commands need besides the app and its agent. */
export interface CommandDeps {
  app: ReplApp;
  core: AgentCore;
  agentHome: string;
  workspaceRoot: string;
  replayHooks: readonly ReplayHook[];
  /** Switches the model of the current provider; resolves with a note or rejects with why not. */
  switchModel(name: string): Promise<string>;
  /** Forgets per-session state of the UI (e.g. "always allow" answers). */
  resetSession(): void;
  quit(): void;
}

const WHILE_BUSY = new Set(['/help', '/quit', '/context', '/sessions', '/tool-history']);

export const HELP_TEXT = [
  'Keys: Enter send · Shift+Enter or Ctrl+J newline · ↑↓ history · Esc stop at the next safe point',
  '      Ctrl+C interrupt (twice on an empty prompt quits) · PageUp/PageDown or wheel scroll',
  '      Ctrl+O expand/fold long tool output',
  'Typing while the agent works queues your next prompt.',
  'Commands:',
  ...COMMANDS.map((c) => `  ${c.usage.padEnd(24)} ${c.description}`),
].join('\n');

/** Runs one slash command. Unknown commands and bad arguments answer with a clear line. */
export async function runCommand(
  text: string,
  deps: CommandDeps,
  signal: AbortSignal = new AbortController().signal,
): Promise<void> {
  const { app, core } = deps;
  const parsed = parseCommand(text);
  if (!parsed) return app.error(`Not a command: ${text}`);
  if (core.busy && !WHILE_BUSY.has(parsed.name)) {
    return app.error(
      `${parsed.name} waits for the turn to finish (Esc stops it, Ctrl+C interrupts).`,
    );
  }
  switch (parsed.name) {
    case '/help':
      return app.info(HELP_TEXT);
    case '/quit':
    case '/exit':
      return deps.quit();
    case '/new':
      await core.reset();
      deps.resetSession();
      app.transcript.clear();
      app.view.followTail();
      return app.info('New session. The previous one is saved (/sessions lists them).');
    case '/sessions':
      return listHere(deps);
    case '/resume':
      return resume(parsed.args, deps);
    case '/context':
      return app.info(contextReport(core));
    case '/tool-history': {
      if (parsed.args === '') return app.info(`Tool history: ${core.toolHistory}`);
      if (parsed.args !== 'full' && parsed.args !== 'off') {
        return app.error('Usage: /tool-history full|off');
      }
      core.toolHistory = parsed.args;
      return app.info(
        parsed.args === 'full'
          ? 'Tool history: full (raw tool output stays in later requests)'
          : 'Tool history: off (later requests keep only one-line tool statuses)',
      );
    }
    case '/compact':
      return compact(deps, signal);
    case '/model': {
      if (parsed.args === '')
        return app.info(`Model: ${core.provider.id} / ${core.provider.model}`);
      return app.info(await deps.switchModel(parsed.args));
    }
    default:
      return app.error(`Unknown command ${parsed.name}. /help lists the commands.`);
  }
}

function percent(fraction: number): string {
  return `${Math.round(fraction * 1000) / 10}%`;
}

/**
 * The /context report: the figure the status line shows (the larger of the provider's count of
 * this conversation and the estimate), and the estimated next request by part.
 */
export function contextReport(core: AgentCore): string {
  const b = core.contextBreakdown();
  const fill = core.contextFill();
  let source = 'estimated next request';
  if (fill.source === 'provider') source = `counted by the provider · estimate ${b.total}`;
  else if (fill.counted !== undefined) source += ` · last provider count ${fill.counted}`;
  const sent = core.nextRequest().messages.length;
  const left = core.messages.length - sent;
  return [
    `Context: ${fill.used} of ${fill.window} tokens (${percent(fill.fraction)}), ${source}`,
    `  system prompt  ${b.system}`,
    `  tools          ${b.tools}`,
    `  conversation   ${b.history}`,
    `  tool results   ${b.toolResults}`,
    `  messages       ${sent}${left > 0 ? ` (${left} before the last checkpoint left out)` : ''} · tool history ${core.toolHistory}`,
  ].join('\n');
}

async function listHere(deps: CommandDeps): Promise<void> {
  const sessions = (await listSessions(deps.agentHome)).filter(
    (s) => s.cwd === undefined || s.cwd === deps.workspaceRoot,
  );
  if (sessions.length === 0) return deps.app.info('No saved sessions for this directory yet.');
  const now = new Date();
  const lines = sessions.slice(0, 20).map((s) => sessionLine(s, now, deps.core.sessionId));
  deps.app.info(['Sessions (newest first; /resume ID):', ...lines].join('\n'));
}

async function resume(idOrPrefix: string, deps: CommandDeps): Promise<void> {
  let file: string | undefined;
  if (idOrPrefix === '') {
    const sessions = await listSessions(deps.agentHome);
    file = sessions.find((s) => s.cwd === deps.workspaceRoot && s.id !== deps.core.sessionId)?.path;
    if (!file) return deps.app.error('No other saved session for this directory.');
  } else {
    const found = await resolveSession(deps.agentHome, idOrPrefix);
    if (!found.ok) return deps.app.error(found.message);
    file = found.session.path;
  }
  await resumeFile(file, deps);
}

/**
 * Loads a saved session, replays it compactly and continues it in the tool-history mode it was
 * saved with, or in `flag`'s mode (recorded in the session when it differs).
 */
export async function resumeFile(
  file: string,
  deps: CommandDeps,
  flag?: ToolHistoryMode,
): Promise<void> {
  const loaded = await loadSession(file);
  const projection = projectSession(loaded.events);
  await deps.core.adopt(file, projection.messages);
  const mode = flag ?? projection.toolHistory ?? 'full';
  if (mode !== (projection.toolHistory ?? 'full')) deps.core.toolHistory = mode;
  else deps.core.options.toolHistory = mode;
  deps.resetSession();
  deps.app.transcript.clear();
  deps.app.view.followTail();
  deps.app.router.input.seedHistory(
    loaded.events.flatMap((event) => (event.type === 'user' ? [event.text] : [])),
  );
  for (const segment of replaySegments(loaded.events, loaded.warnings, deps.replayHooks)) {
    deps.app.transcript.add(segment);
  }
  deps.app.info(`Resumed session ${loaded.id}.`);
  offerOpenQuestionnaire(loaded.events, deps);
}

async function compact(deps: CommandDeps, signal: AbortSignal): Promise<void> {
  const { app, core } = deps;
  if (app.modals.active) return app.error('Answer the open card before compacting.');
  app.info('Compacting the conversation…');
  const result = await compactHistory({
    provider: core.provider,
    messages: core.messages,
    signal,
    keepRecent: 0,
  });
  if (signal.aborted) return app.info('Compaction interrupted: the conversation is unchanged.');
  if (!result.ok) return app.error(`Nothing compacted: ${result.reason}`);
  core.messages = result.messages;
  core.writer?.recordCheckpoint(result.checkpoint);
  await core.writer?.flush().catch(() => undefined);
  app.info(`Compacted ${result.summarized} messages into a summary.`);
}
