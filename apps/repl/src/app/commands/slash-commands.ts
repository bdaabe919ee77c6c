import type { CommandInfo } from '../../input/commands';
import { amend } from './amend';
import { compact } from './compact';
import { context } from './context';
import { copy } from './copy';
import { decisions } from './decisions';
import { help } from './help';
import { hooks } from './hooks';
import { init } from './init';
import { mcp } from './mcp';
import { model } from './model';
import { newSession } from './new';
import { permissions } from './permissions';
import { quit } from './quit';
import { remember } from './remember';
import { remote } from './remote';
import { resume } from './resume';
import { sandbox } from './sandbox';
import { sessions } from './sessions';
import { skills } from './skills';
import { toolHistory } from './tool-history';
import { undo } from './undo';
import { usage } from './usage';
import type { SlashCommand } from './slash-command';

/** The built-in slash commands, in the order /help and the `/` menu list them. */
export const SLASH_COMMANDS: readonly SlashCommand[] = [
  help,
  newSession,
  resume,
  sessions,
  compact,
  context,
  usage,
  toolHistory,
  model,
  amend,
  remember,
  decisions,
  remote,
  permissions,
  sandbox,
  copy,
  undo,
  init,
  mcp,
  hooks,
  skills,
  quit,
];

/** Every name a built-in command answers to: its own and its aliases. */
export function commandNames(command: SlashCommand): string[] {
  return [command.name, ...(command.aliases ?? [])];
}

/** The built-in command `name` runs (by its name or an alias). */
export function findCommand(name: string): SlashCommand | undefined {
  return SLASH_COMMANDS.find((command) => commandNames(command).includes(name));
}

/** Names custom commands and skills cannot take. */
export function reservedNames(): Set<string> {
  return new Set(SLASH_COMMANDS.flatMap(commandNames));
}

/** The /help rows: one per command, its aliases after its usage (`/quit, /exit`). */
export function helpEntries(): CommandInfo[] {
  return SLASH_COMMANDS.map((command) => ({
    ...info(command),
    usage: [command.usage, ...(command.aliases ?? [])].join(', '),
  }));
}

/** The `/` menu: each command, then each alias under its own name. */
export function completionEntries(): CommandInfo[] {
  return SLASH_COMMANDS.flatMap((command) => [
    info(command),
    ...(command.aliases ?? []).map((alias) => ({
      ...info(command),
      name: alias,
      usage: command.usage.replace(command.name, alias),
    })),
  ]);
}

function info(command: SlashCommand): CommandInfo {
  const { name, usage, description, takesArgument } = command;
  return { name, usage, description, ...(takesArgument ? { takesArgument } : {}) };
}
