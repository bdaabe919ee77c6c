import { specTokens, type ToolBudget } from '@agent/llm';
import { toolSpec, type Tool } from '@agent/tools';

/** One MCP server's tools in a selection: how many it has, how many are offered. */
export interface ServerToolCount {
  server: string;
  total: number;
  offered: number;
}

/** What a request offers of the tools there are, and what it leaves out and why. */
export interface ToolOfferReport {
  budget: ToolBudget;
  /** Tools offered, built-in ones included. */
  offered: number;
  /** Estimated tokens of the offered tools' specs. */
  schemaTokens: number;
  /** The limit that left tools out (the first met), or undefined when all fit. */
  limit?: 'count' | 'size';
  /** Servers with tools the budget left out, in configuration order. */
  leftOut: ServerToolCount[];
  /** Servers whose tools the person chose not to offer, in configuration order. */
  withheld: ServerToolCount[];
}

export interface ToolSelection {
  /** The live tools offered, in order (the fixed ones are always offered). */
  tools: Tool[];
  report: ToolOfferReport;
  /** Why a tool that exists is not offered, or undefined. */
  why(name: string): string | undefined;
}

/** The MCP server a tool comes from (`McpAgentTool.mcp.server`), or undefined. */
export function serverOf(tool: Tool): string | undefined {
  const mcp = (tool as { mcp?: { server?: unknown } }).mcp;
  return typeof mcp?.server === 'string' ? mcp.server : undefined;
}

/** Estimated spec tokens by input schema and name: a server's tools are listed once. */
const counted = new WeakMap<object, Map<string, number>>();

function tokensOf(tool: Tool): number {
  let byName = counted.get(tool.inputSchema);
  if (!byName) counted.set(tool.inputSchema, (byName = new Map()));
  let tokens = byName.get(tool.name);
  if (tokens === undefined) byName.set(tool.name, (tokens = specTokens(toolSpec(tool))));
  return tokens;
}

/**
 * The tools a request offers, predictably: every fixed (built-in) tool first, whatever the budget
 * (`ask_user` is never left out); then the live tools of each server in configuration order
 * (the order of `live`), whole servers while they fit; then, in the room left, the first tools
 * (in the server's order) of the servers that did not fit whole. Servers in `withheld` offer none.
 */
export function selectTools(
  fixed: readonly Tool[],
  live: readonly Tool[],
  budget: ToolBudget,
  withheld: ReadonlySet<string>,
): ToolSelection {
  const groups = new Map<string, Tool[]>();
  for (const tool of live) {
    const server = serverOf(tool) ?? '';
    const group = groups.get(server) ?? [];
    group.push(tool);
    groups.set(server, group);
  }
  let count = fixed.length;
  let tokens = fixed.reduce((sum, tool) => sum + tokensOf(tool), 0);
  let limit: ToolOfferReport['limit'];
  const taken = new Set<Tool>();
  const fits = (more: number, moreTokens: number): ToolOfferReport['limit'] | undefined =>
    count + more > budget.maxTools
      ? 'count'
      : tokens + moreTokens > budget.maxSchemaTokens
        ? 'size'
        : undefined;
  const take = (tools: readonly Tool[], groupTokens: number): void => {
    for (const tool of tools) taken.add(tool);
    count += tools.length;
    tokens += groupTokens;
  };
  const offeredGroups = [...groups].filter(([server]) => !withheld.has(server));
  const partial: Tool[][] = [];
  for (const [, tools] of offeredGroups) {
    const groupTokens = tools.reduce((sum, tool) => sum + tokensOf(tool), 0);
    if (fits(tools.length, groupTokens) === undefined) take(tools, groupTokens);
    else partial.push(tools);
  }
  for (const tools of partial) {
    for (const tool of tools) {
      const toolTokens = tokensOf(tool);
      const over = fits(1, toolTokens);
      // The limit the first tool left out met is the one the person is told about.
      if (over === undefined) take([tool], toolTokens);
      else limit ??= over;
    }
  }
  const countOf = (server: string, tools: readonly Tool[]): ServerToolCount => ({
    server,
    total: tools.length,
    offered: tools.filter((tool) => taken.has(tool)).length,
  });
  const leftOut = offeredGroups
    .map(([server, tools]) => countOf(server, tools))
    .filter((entry) => entry.offered < entry.total);
  const withheldCounts = [...groups]
    .filter(([server]) => withheld.has(server))
    .map(([server, tools]) => countOf(server, tools));
  const rule = limit === 'size' ? budget.sizeRule : budget.countRule;
  const byName = new Map(live.map((tool) => [tool.name, tool]));
  return {
    tools: live.filter((tool) => taken.has(tool)),
    report: {
      budget,
      offered: count,
      schemaTokens: tokens,
      ...(limit ? { limit } : {}),
      leftOut,
      withheld: withheldCounts,
    },
    why(name) {
      const tool = byName.get(name);
      if (!tool || taken.has(tool)) return undefined;
      const server = serverOf(tool) ?? '';
      if (withheld.has(server)) {
        return `the person chose not to offer the tools of the MCP server "${server}"`;
      }
      return `it was left out to stay within the tool budget (${rule}); the person chooses which MCP servers' tools are offered`;
    },
  };
}
