import { ToolRegistry, type Tool } from '@agent/tools';
import {
  isConstructibleTool,
  isMcpToolPattern,
  matchesMcpPattern,
  SUBAGENT_TOOL_CONSTRUCTORS,
  SUBAGENT_TOOL_NAMES,
} from './tool-constructors';

/** A profile asked for a tool no subagent may have. */
export class UnknownSubagentToolError extends Error {
  override name = 'UnknownSubagentToolError';
}

/**
 * Builds a subagent's registry from an explicit allow-list of tool names. Each tool is
 * constructed afresh, or taken from `parent` when the parent holds an allow-listed,
 * constructible tool of that name (so its configuration carries over). Nothing else is taken
 * from the parent: interactive tools such as `ask_user` can never reach a subagent. Entries
 * `mcp__<server>__<tool>` and `mcp__<server>__*` take the matching tools of `mcpTools` (the
 * session's connected MCP servers, now); a server that is not connected gives none.
 */
export function buildSubagentRegistry(
  allowList: readonly string[],
  parent?: ToolRegistry,
  mcpTools: readonly Tool[] = [],
): ToolRegistry {
  const patterns = allowList.filter(isMcpToolPattern);
  const unknown = allowList.filter((name) => !isConstructibleTool(name) && !isMcpToolPattern(name));
  if (unknown.length > 0) {
    throw new UnknownSubagentToolError(
      `unknown tool${unknown.length > 1 ? 's' : ''} for a subagent: ${unknown.join(', ')}; ` +
        `available: ${SUBAGENT_TOOL_NAMES.join(', ')}`,
    );
  }
  const registry = new ToolRegistry();
  for (const name of new Set(allowList)) {
    if (isMcpToolPattern(name)) continue;
    const inherited = parent?.get(name);
    const tool =
      inherited && !inherited.interactive ? inherited : SUBAGENT_TOOL_CONSTRUCTORS[name]!();
    registry.register(tool);
  }
  for (const tool of mcpTools) {
    const allowed = patterns.some((pattern) => matchesMcpPattern(pattern, tool.name));
    if (allowed && !tool.interactive && !registry.has(tool.name)) registry.register(tool);
  }
  return registry;
}
