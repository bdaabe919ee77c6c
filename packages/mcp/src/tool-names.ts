import { createHash } from 'node:crypto';

/**
 * Longest tool name every provider accepts: OpenAI, Anthropic and Bedrock allow
 * `[a-zA-Z0-9_-]{1,64}`; Gemini also allows `.` and `:` but starts with a letter or `_`.
 */
export const MAX_TOOL_NAME_LENGTH = 64;

/** A server's name as it appears in tool names: `mcp__<server>__<tool>`. */
export function serverNamePart(server: string): string {
  return sanitize(server) || 'server';
}

/** The prefix every tool of `server` has; profiles allow `mcp__<server>__*` with it. */
export function toolNamePrefix(server: string): string {
  return `mcp__${serverNamePart(server)}__`;
}

/**
 * Agent tool names for one server's tools, in order: `mcp__<server>__<tool>` with characters
 * outside `[a-zA-Z0-9_-]` replaced by `_`. A name that is too long, or that collides with an
 * earlier one after replacing, is cut and given a short hash of the original so it stays unique
 * and stable across restarts.
 */
export function agentToolNames(server: string, tools: readonly string[]): string[] {
  const prefix = toolNamePrefix(server);
  const used = new Set<string>();
  return tools.map((tool) => {
    let name = prefix + (sanitize(tool) || 'tool');
    if (name.length > MAX_TOOL_NAME_LENGTH || used.has(name)) {
      const suffix = `_${createHash('sha256').update(`${server}\0${tool}`).digest('hex').slice(0, 8)}`;
      name = name.slice(0, MAX_TOOL_NAME_LENGTH - suffix.length) + suffix;
    }
    used.add(name);
    return name;
  });
}

function sanitize(text: string): string {
  return text.replace(/[^A-Za-z0-9_-]/g, '_');
}
