import { isAllowableTool, READ_ONLY_SUBAGENT_TOOLS } from '../tool-constructors';
import { profileFrontMatterSchema, type AgentProfile } from './profile';

/** A profile file that could not be used, and why (naming the file and the field). */
export class ProfileError extends Error {
  override name = 'ProfileError';
}

const FRONT_MATTER = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?([\s\S]*)$/;

/**
 * Parses a profile file: YAML front matter (name, description, tools, model) and a Markdown body
 * that becomes the system prompt. Throws ProfileError with an actionable message.
 */
export function parseProfile(text: string, source: string): AgentProfile {
  const match = FRONT_MATTER.exec(text);
  if (!match) {
    throw new ProfileError(
      `${source}: missing front matter: start the file with a --- block holding name and description`,
    );
  }
  let data: unknown;
  try {
    // Loaded only when a profile file exists, keeping it off every start-up path.
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { parse } = require('yaml') as typeof import('yaml');
    data = parse(match[1]!);
  } catch (error) {
    throw new ProfileError(
      `${source}: front matter is not valid YAML (${(error as Error).message})`,
    );
  }
  const parsed = profileFrontMatterSchema.safeParse(data ?? {});
  if (!parsed.success) {
    const problems = parsed.error.issues
      .map((issue) => `${issue.path.join('.') || '(front matter)'}: ${issue.message}`)
      .join('; ');
    throw new ProfileError(`${source}: ${problems}`);
  }
  const tools = parsed.data.tools ?? [...READ_ONLY_SUBAGENT_TOOLS];
  const unknown = tools.filter((name) => !isAllowableTool(name));
  if (unknown.length > 0) {
    throw new ProfileError(
      `${source}: tools: unknown tool ${unknown.map((n) => `"${n}"`).join(', ')}; a subagent may use read_file, list_files, grep, write_file, edit_file, run_shell and MCP tools as mcp__<server>__<tool> or mcp__<server>__*`,
    );
  }
  const systemPrompt = match[2]!.trim();
  if (systemPrompt === '') {
    throw new ProfileError(`${source}: the body (the subagent's system prompt) is empty`);
  }
  return {
    name: parsed.data.name,
    description: parsed.data.description,
    tools,
    model: parsed.data.model,
    systemPrompt,
    source,
  };
}
