import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import { readSmallFile } from '@agent/tools';

/** A Markdown prompt template run as `/name`. */
export interface CustomCommand {
  /** `/name`, from the file name. */
  name: string;
  description: string;
  /** The body; `$ARGUMENTS` is replaced by what follows the command. */
  template: string;
  source: string;
}

export interface LoadedCommands {
  commands: CustomCommand[];
  /** Files that could not be used, naming the file and why. */
  errors: string[];
}

const FRONT_MATTER = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?([\s\S]*)$/;
const NAME = /^[a-z0-9][\w-]*$/i;

/**
 * The custom commands: `*.md` files of `$AGENT_HOME/commands/`, then of the workspace's
 * `.agent/commands/` (a workspace command replaces a user command of the same name). Optional
 * YAML front matter gives `description:`; the body is the prompt. `reserved` names (built-in
 * commands) are refused with an error rather than shadowed.
 */
export async function loadCustomCommands(
  agentHome: string,
  workspaceRoot: string,
  reserved: ReadonlySet<string> = new Set(),
): Promise<LoadedCommands> {
  const byName = new Map<string, CustomCommand>();
  const errors: string[] = [];
  const workspaceCommands = path.join(workspaceRoot, '.agent', 'commands');
  for (const dir of [path.join(agentHome, 'commands'), workspaceCommands]) {
    let names: string[];
    try {
      names = (await fs.readdir(dir)).filter((n) => n.endsWith('.md')).sort();
    } catch {
      continue;
    }
    for (const file of names) {
      const source = path.join(dir, file);
      const name = `/${file.slice(0, -3)}`;
      if (!NAME.test(name.slice(1))) {
        errors.push(
          `${source}: the file name must be letters, digits, - or _ (it names the command)`,
        );
        continue;
      }
      if (reserved.has(name)) {
        errors.push(`${source}: ${name} is a built-in command; rename the file`);
        continue;
      }
      try {
        const confined = dir === workspaceCommands ? workspaceRoot : undefined;
        byName.set(name, parseCommandFile(name, await readCommandFile(source, confined), source));
      } catch (error) {
        errors.push((error as Error).message);
      }
    }
  }
  return { commands: [...byName.values()].sort((a, b) => a.name.localeCompare(b.name)), errors };
}

/** A command file is a prompt: anything larger is not one. */
const MAX_COMMAND_BYTES = 256 * 1024;

/**
 * A command file's text: a small regular file (a planted FIFO or device is refused, never
 * waited on) and, for a workspace's command, one that lies inside `confinedTo`, so a link cannot
 * send a file from outside the workspace to the model under a command's name.
 */
async function readCommandFile(source: string, confinedTo: string | undefined): Promise<string> {
  try {
    if (confinedTo !== undefined) {
      const [real, root] = await Promise.all([fs.realpath(source), fs.realpath(confinedTo)]);
      const inside = path.relative(root, real);
      if (inside.startsWith('..') || path.isAbsolute(inside)) {
        throw new Error(`it links to ${real}, outside the workspace`);
      }
    }
    return await readSmallFile(source, MAX_COMMAND_BYTES);
  } catch (error) {
    throw new Error(`${source}: skipped: ${(error as Error).message}`, { cause: error });
  }
}

/** Parses a command file: optional front matter (`description:`) and a non-empty body. */
export function parseCommandFile(name: string, text: string, source: string): CustomCommand {
  const match = FRONT_MATTER.exec(text);
  let description = '';
  let body = text;
  if (match) {
    let data: unknown;
    try {
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      const { parse } = require('yaml') as typeof import('yaml');
      data = parse(match[1]!);
    } catch (error) {
      throw new Error(`${source}: front matter is not valid YAML (${(error as Error).message})`, {
        cause: error,
      });
    }
    const value = (data as { description?: unknown } | null)?.description;
    if (value !== undefined && typeof value !== 'string') {
      throw new Error(`${source}: description must be a string`);
    }
    description = value ?? '';
    body = match[2]!;
  }
  const template = body.trim();
  if (template === '') throw new Error(`${source}: the body (the prompt) is empty`);
  return { name, description: description || 'custom command', template, source };
}

/** The command's prompt with `$ARGUMENTS` replaced (appended when the template has none). */
export function expandCommand(command: CustomCommand, args: string): string {
  if (command.template.includes('$ARGUMENTS')) {
    return command.template.split('$ARGUMENTS').join(args);
  }
  return args === '' ? command.template : `${command.template}\n\n${args}`;
}
