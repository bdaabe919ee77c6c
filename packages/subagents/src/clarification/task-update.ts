import type { ToolUpdate } from '@agent/tools';
import type { SubagentTask } from './subagent-task';

/**
 * What a `task` call records of a subagent that asked (`task`) or of one that finished after
 * asking (`done`): the session writes it as a `subagent_task` event, from which a resumed session
 * rebuilds its waiting subagents.
 */
export type SubagentTaskRecord =
  | { kind: 'subagent_task'; task: SubagentTask }
  | { kind: 'subagent_task'; taskId: string; done: true };

/** The progress update carrying a task record (not shown, not text). */
export function subagentTaskUpdate(
  record: { task: SubagentTask } | { taskId: string; done: true },
): ToolUpdate {
  return { text: '', data: { kind: 'subagent_task', ...record } };
}
