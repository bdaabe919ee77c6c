import type { CustomCommand } from '@agent/runtime';
import type { CommandInfo } from '../../input/commands';

/** The custom commands as the `/` menu and /help list them. */
export function customCommandInfos(commands: readonly CustomCommand[]): CommandInfo[] {
  return commands.map((c) => ({
    name: c.name,
    usage: `${c.name} [args]`,
    description: c.description,
    takesArgument: c.template.includes('$ARGUMENTS'),
  }));
}
