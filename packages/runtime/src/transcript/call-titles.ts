import type { ToolActivity } from '@agent/llm';
import { validateToolInput, type Tool } from '@agent/tools';

/**
 * A saved call's title as its live status line showed it (`write src/a.ts`, `explore: find it`):
 * the tool's own description of its saved input, or the tool name when the tool or input is gone.
 * Every front end's replay names calls this way.
 */
export function registryTitles(registry: {
  get(name: string): Tool | undefined;
}): (activity: ToolActivity) => string {
  return (activity) => {
    const tool = registry.get(activity.name);
    if (!tool?.describe) return activity.name;
    const valid = validateToolInput(tool, activity.input);
    if (!valid.ok) return activity.name;
    try {
      return tool.describe(valid.input).trim() || activity.name;
    } catch {
      return activity.name;
    }
  };
}
