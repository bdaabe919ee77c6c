import {
  editFileTool,
  grepTool,
  listFilesTool,
  readFileTool,
  runShellTool,
  webFetchTool,
  writeFileTool,
  type Tool,
} from '@agent/tools';

/**
 * The only tools a subagent can be given. `ask_user` is deliberately absent: this package cannot
 * even name it, so no subagent can ask the person anything.
 */
const CONSTRUCTORS: ReadonlyArray<() => Tool> = [
  readFileTool,
  listFilesTool,
  grepTool,
  writeFileTool,
  editFileTool,
  runShellTool,
  webFetchTool,
];

/** One instance of each, built once: every name and permission below is read off the tools. */
const SAMPLES = CONSTRUCTORS.map((construct) => ({ construct, tool: construct() }));

/** Each constructible tool's constructor, by the name its tool advertises. */
export const SUBAGENT_TOOL_CONSTRUCTORS: Readonly<Record<string, () => Tool>> = Object.freeze(
  Object.fromEntries(SAMPLES.map(({ construct, tool }) => [tool.name, construct])),
);

/** Every tool name a subagent may be given, in a stable order. */
export const SUBAGENT_TOOL_NAMES: readonly string[] = Object.freeze(
  SAMPLES.map(({ tool }) => tool.name),
);

/** The default allow-list: the tools whose permission class is `read`. */
export const READ_ONLY_SUBAGENT_TOOLS: readonly string[] = Object.freeze(
  SAMPLES.filter(({ tool }) => tool.permission === 'read').map(({ tool }) => tool.name),
);

export function isConstructibleTool(name: string): boolean {
  return Object.prototype.hasOwnProperty.call(SUBAGENT_TOOL_CONSTRUCTORS, name);
}

/**
 * An allow-list entry for MCP server tools: `mcp__<server>__<tool>` or `mcp__<server>__*` (every
 * tool of that server). These tools are not constructed: they are taken from the servers the
 * session has connected when the subagent starts.
 */
export function isMcpToolPattern(name: string): boolean {
  return /^mcp__[A-Za-z0-9_-]+__(\*|[A-Za-z0-9_-]+)$/.test(name);
}

/** Whether a connected MCP tool's name is allowed by an `mcp__...` allow-list entry. */
export function matchesMcpPattern(pattern: string, toolName: string): boolean {
  return pattern.endsWith('*') ? toolName.startsWith(pattern.slice(0, -1)) : pattern === toolName;
}

/** A name a profile may list: a constructible tool or an MCP tool pattern. */
export function isAllowableTool(name: string): boolean {
  return isConstructibleTool(name) || isMcpToolPattern(name);
}
