import { expandCommand } from '@agent/runtime';
import { parseCommand } from '../input/commands';
import { findCommand } from './commands/slash-commands';
import type { CommandDeps, CommandPrompt } from './commands/slash-command';

export type { CommandDeps, CommandPrompt } from './commands/slash-command';

/** Runs one slash command. Unknown commands and bad arguments answer with a clear line. */
export async function runCommand(
  text: string,
  deps: CommandDeps,
  signal: AbortSignal = new AbortController().signal,
  beside?: string,
): Promise<void | CommandPrompt> {
  const { app, session } = deps;
  const parsed = parseCommand(text);
  if (!parsed) return app.error(`Not a command: ${text}`);
  const command = findCommand(parsed.name);
  const busyWith = session.busy ? 'a turn' : beside;
  if (busyWith !== undefined && command?.availability !== 'busy') {
    return app.error(
      `${parsed.name} does not run while ${busyWith} is running, and was not kept: run it again once it ends (Esc or Ctrl+C interrupts it).`,
    );
  }
  if (command) return command.run(parsed.args, deps, signal);
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
