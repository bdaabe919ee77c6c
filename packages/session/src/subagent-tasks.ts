import type { SavedSubagentTask, SessionEvent } from './schema';

/**
 * The subagents of a saved session still waiting for answers, oldest first: each task's latest
 * record, unless a later one says it finished.
 */
export function waitingSubagentTasks(events: readonly SessionEvent[]): SavedSubagentTask[] {
  const waiting = new Map<string, SavedSubagentTask>();
  for (const event of events) {
    if (event.type !== 'subagent_task') continue;
    waiting.delete(event.taskId);
    if (event.task && event.done !== true) waiting.set(event.taskId, event.task);
  }
  return [...waiting.values()];
}
