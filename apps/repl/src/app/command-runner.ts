import { expandCommand, type AgentSession, type CustomCommand } from '@agent/runtime';
import type { Amendment } from '@agent/llm';
import { inFlagTerms } from '@agent/runtime/flags';
import { explainCommand, type PersonChannel } from '@agent/tools';
import { amendLastQuestionnaire } from '../ask-user/amend-command';
import { parseCommand, type CommandInfo } from '../input/commands';
import { renderHelp } from '../view/help-view';
import { helpSections } from './help-sections';
import { INIT_PROMPT } from './init-prompt';
import { runMcpCommand } from './mcp-command';
import { pickMcpTools } from './mcp-tools-picker';
import { runSandboxCommand } from './sandbox-command';
import type { ReplApp } from './repl-app';
import type { ReplayHook } from './replay';
import type { CustomSegment } from '../view/segment';
import { listHere, resume } from './session-commands';
import { decisions, remember } from './decisions-commands';
import { lastAnswer, osc52 } from './clipboard';
import { undoneLine } from './undo-line';
import { pickModel } from './model-picker';
import { addRule, editRule, removeRule } from './permissions-change';
import { pickPermissions } from './permissions-picker';
import { runHooksCommand, runSkillsCommand } from './extension-commands';
import { usageReportText } from './usage-report-text';

/** What the slash commands need besides the app and its agent. */
export interface CommandDeps {
  app: ReplApp;
  session: AgentSession;
  agentHome: string;
  workspaceRoot: string;
  replayHooks: readonly ReplayHook[];
  /** The person channel: the cards of the session (`/amend` opens one). */
  person: PersonChannel;
  /** Markdown prompt templates from `.agent/commands/` and `$AGENT_HOME/commands/`. */
  customCommands: readonly CustomCommand[];
  /** Forgets per-session state of the UI (e.g. "always allow" answers). */
  resetSession(): void;
  quit(): void;
}

const WHILE_BUSY = new Set([
  '/help',
  '/quit',
  '/context',
  '/sessions',
  '/tool-history',
  '/copy',
  '/mcp',
  '/sandbox',
  '/hooks',
]);

/** A command that sends a prompt to the model: what it is sent, what the transcript shows. */
export interface CommandPrompt {
  prompt: string;
  display: string;
  /** The prompt corrects an earlier questionnaire (`/amend`). */
  amends?: Amendment;
}

/** The custom commands as the `/` menu and /help list them. */
export function customCommandInfos(commands: readonly CustomCommand[]): CommandInfo[] {
  return commands.map((c) => ({
    name: c.name,
    usage: `${c.name} [args]`,
    description: c.description,
    takesArgument: c.template.includes('$ARGUMENTS'),
  }));
}

/** /help: keys, the built-in commands, then the custom ones, laid out for the screen's width. */
function helpSegment(custom: readonly CustomCommand[] = []): CustomSegment {
  const sections = helpSections(customCommandInfos(custom));
  return { kind: 'custom', render: (width) => renderHelp(sections, width) };
}

/** Runs one slash command. Unknown commands and bad arguments answer with a clear line. */
export async function runCommand(
  text: string,
  deps: CommandDeps,
  signal: AbortSignal = new AbortController().signal,
): Promise<void | CommandPrompt> {
  const { app, session } = deps;
  const parsed = parseCommand(text);
  if (!parsed) return app.error(`Not a command: ${text}`);
  if (session.busy && !WHILE_BUSY.has(parsed.name)) {
    return app.error(
      `${parsed.name} does not run while a turn is running, and was not kept: run it again once the turn ends (Esc or Ctrl+C interrupts it).`,
    );
  }
  switch (parsed.name) {
    case '/help':
      app.transcript.add(helpSegment(deps.customCommands));
      return;
    case '/quit':
    case '/exit':
      return deps.quit();
    case '/copy':
      return copyLastAnswer(app);
    case '/new':
      await session.reset();
      deps.resetSession();
      app.transcript.clear();
      app.view.followTail();
      return app.info('New session. The previous one is saved (/sessions lists them).');
    case '/sessions':
      return listHere(deps);
    case '/resume':
      return resume(parsed.args, deps, signal);
    case '/context':
      return app.info(contextReport(session));
    case '/usage':
      return app.info(usageReportText(await session.usage()));
    case '/tool-history': {
      if (parsed.args === '') return app.info(`Tool history: ${session.toolHistory}`);
      if (parsed.args !== 'full' && parsed.args !== 'off') {
        return app.error('Usage: /tool-history full|off');
      }
      session.setToolHistory(parsed.args);
      return app.info(
        parsed.args === 'full'
          ? 'Tool history: full (raw tool output stays in later requests)'
          : 'Tool history: off (later requests keep only one-line tool statuses)',
      );
    }
    case '/compact':
      return compact(deps, signal);
    case '/sandbox':
      return runSandboxCommand(parsed.args, session, app, signal);
    case '/amend':
      return amendLastQuestionnaire(session.history, deps.person, signal, (text) => app.info(text));
    case '/remember':
      return remember(parsed.args, deps, signal);
    case '/decisions':
      return decisions(parsed.args, deps, signal);
    case '/permissions':
      if (parsed.args === '') return pickPermissions(deps, signal);
      return permissions(parsed.args, deps);
    case '/model': {
      const switchTo = async (name: string): Promise<void> => {
        session.setModel(name);
        app.info(`Model: ${session.provider.id} / ${session.provider.model}`);
        const problem = session.credentialProblem();
        if (problem) return app.error(inFlagTerms(problem));
        return warnIfUnlisted(deps, name, signal);
      };
      if (parsed.args === '') return pickModel(deps, signal, switchTo);
      return switchTo(parsed.args);
    }
    case '/mcp':
      if (parsed.args === 'tools') return pickMcpTools(deps, signal);
      return runMcpCommand(parsed.args, session.mcp, app, session.toolOffer);
    case '/undo': {
      const result = await session.undo();
      if (!result.ok) return app.error(result.reason);
      return app.info(undoneLine(result));
    }
    case '/init':
      return { prompt: INIT_PROMPT, display: '/init' };
    case '/hooks':
      return runHooksCommand(parsed.args, session, app);
    case '/skills':
      return runSkillsCommand(parsed.args, session, app);
    default: {
      const custom = deps.customCommands.find((c) => c.name === parsed.name);
      if (custom) return { prompt: expandCommand(custom, parsed.args), display: text };
      if (session.skills.get(parsed.name.slice(1))) {
        try {
          const prompt = await session.skills.invocation(parsed.name.slice(1), parsed.args);
          return { prompt, display: text };
        } catch (error) {
          return app.error(`${parsed.name}: ${(error as Error).message}`);
        }
      }
      return app.error(`Unknown command ${parsed.name}. /help lists the commands.`);
    }
  }
}

function copyLastAnswer(app: ReplApp): void {
  const answer = lastAnswer(app.transcript.segments);
  if (answer === undefined) return app.error('Nothing to copy yet: no answer in this session.');
  app.writeTerminal(osc52(answer));
  const lines = answer.split('\n').length;
  const tmux = process.env.TMUX
    ? ' Inside tmux this needs "set -g set-clipboard on" in your tmux configuration.'
    : '';
  app.info(
    `Copied the last answer (${lines} line${lines === 1 ? '' : 's'}) to the clipboard (OSC 52).${tmux}`,
  );
}

function percent(fraction: number): string {
  return `${Math.round(fraction * 1000) / 10}%`;
}

/**
 * The /context report: the figure the status line shows (the larger of the provider's count of
 * this conversation and the estimate), and the estimated next request by part.
 */
export function contextReport(session: AgentSession): string {
  const b = session.contextUsage();
  const fill = session.contextFill();
  let source = 'estimated next request';
  if (fill.source === 'provider') source = `counted by the provider · estimate ${b.total}`;
  else if (fill.counted !== undefined) source += ` · last provider count ${fill.counted}`;
  const sent = session.nextRequest().messages.length;
  const left = session.history.length - sent;
  return [
    `Context: ${fill.used} of ${fill.window} tokens (${percent(fill.fraction)}), ${source}`,
    `  system prompt  ${b.system}`,
    `  tools          ${b.tools}`,
    `  conversation   ${b.history}`,
    `  tool results   ${b.toolResults}`,
    `  messages       ${sent}${left > 0 ? ` (${left} before the last checkpoint left out)` : ''} · tool history ${session.toolHistory}`,
  ].join('\n');
}

/**
 * After `/model NAME`: says so when the provider lists its models and NAME is not one of them
 * (a typo, or a deployment name or new model, which still works). Silent when it cannot tell.
 */
async function warnIfUnlisted(deps: CommandDeps, name: string, signal: AbortSignal) {
  const { app, session } = deps;
  const models = await session.provider.listModels?.(signal).catch(() => undefined);
  if (!models || models.includes(name)) return;
  app.info(
    `${name} is not among the models ${session.provider.id} lists (/model shows them); ` +
      'kept, as deployment names and new models may be missing from the list.',
  );
}

/** `/permissions list`: the rules in force, numbered; `add`, `edit`, `remove` and `approve` change them. */
function permissions(args: string, deps: CommandDeps): void {
  const { app, session } = deps;
  const rules = session.permissionRules;
  const [verb] = args.trim().split(/\s+/, 1);
  const explain = /^explain(?:\s+([\s\S]*))?$/.exec(args.trim());
  if (explain) {
    const line = explain[1]?.trim();
    if (!line)
      return app.error('Usage: /permissions explain COMMAND (a command line; nothing runs)');
    // The same decision a card would follow, with the rules in force now.
    explainCommand(rules.list(), line).then(
      (lines) => app.info(lines.join('\n')),
      (error: unknown) => app.error(`Could not explain it: ${(error as Error).message}`),
    );
    return;
  }
  if (verb === 'approve') {
    rules.approveWorkspaceFile();
    return app.info(
      "The workspace's settings file is approved as it is now: its allow rules apply.",
    );
  }
  const change =
    verb === 'add'
      ? addRule
      : verb === 'edit'
        ? editRule
        : verb === 'remove'
          ? removeRule
          : undefined;
  if (change) {
    const result = change(rules, args.trim().slice(verb!.length));
    return 'error' in result ? app.error(result.error) : app.info(result.info);
  }
  if (verb !== 'list') {
    return app.error(
      'Usage: /permissions (a picker), /permissions list, /permissions add session|workspace|user allow|deny RULE, /permissions edit N RULE, /permissions remove N, /permissions approve, /permissions explain COMMAND',
    );
  }
  const list = rules.list();
  const lines = list.map(
    (rule, i) =>
      `  ${String(i + 1).padStart(2)}. ${rule.action.padEnd(5)} ${rule.text}  · ${rule.source}`,
  );
  app.info(
    [
      list.length ? 'Permission rules (deny wins over allow):' : 'No permission rules yet.',
      ...lines,
      ...rules.problems.map((problem) => `  ! ${problem}`),
      '/permissions add session|workspace|user allow|deny RULE adds one (or answer a card with "always"); /permissions edit N RULE changes one; /permissions remove N removes one.',
    ].join('\n'),
  );
}

async function compact(deps: CommandDeps, signal: AbortSignal): Promise<void> {
  const { app, session } = deps;
  if (app.modals.active) return app.error('Answer the open card before compacting.');
  app.info('Compacting the conversation…');
  const result = await session.compact(signal);
  if (signal.aborted) return app.info('Compaction interrupted: the conversation is unchanged.');
  if (!result.ok) return app.error(`Nothing compacted: ${result.reason}`);
  app.info(`Compacted ${result.summarized} messages into a summary.`);
}
