import { ToolRegistry } from '@agent/tools';
import {
  isConstructibleTool,
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
 * from the parent: interactive tools such as `ask_user` can never reach a subagent.
 */
export function buildSubagentRegistry(
  allowList: readonly string[],
  parent?: ToolRegistry,
): ToolRegistry {
  const unknown = allowList.filter((name) => !isConstructibleTool(name));
  if (unknown.length > 0) {
    throw new UnknownSubagentToolError(
      `unknown tool${unknown.length > 1 ? 's' : ''} for a subagent: ${unknown.join(', ')}; ` +
        `available: ${SUBAGENT_TOOL_NAMES.join(', ')}`,
    );
  }
  const registry = new ToolRegistry();
  for (const name of new Set(allowList)) {
    const inherited = parent?.get(name);
    const tool =
      inherited && !inherited.interactive ? inherited : SUBAGENT_TOOL_CONSTRUCTORS[name]!();
    registry.register(tool);
  }
  return registry;
}
