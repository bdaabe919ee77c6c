import type { Message, ToolActivity } from '@agent/llm';
import type { Question } from '@agent/tools';

/** A `request_clarification` call a subagent made and is waiting on. */
export interface PendingClarification {
  /** The subagent's call id: its answer becomes this call's result. */
  callId: string;
  questions: Question[];
  why?: string;
}

/**
 * A subagent that stopped to ask (its `request_clarification` call is open): everything needed to
 * go on with it, in the parent's session file, so that a resumed session can still answer it.
 */
export interface SubagentTask {
  /** What the parent passes back as `resume`. */
  taskId: string;
  agent: string;
  description: string;
  /**
   * The subagent's own conversation, ending with the assistant message whose
   * `request_clarification` call is still pending.
   */
  messages: Message[];
  pending: PendingClarification;
  /** `request_clarification` calls this task has made so far (the open one included). */
  asked: number;
}

/**
 * Where a session keeps its waiting subagents. `put` records a task (again) when it asks, `remove`
 * when it has finished, failed or been abandoned; the runtime writes both to the session file.
 */
export interface SubagentTaskStore {
  get(taskId: string): SubagentTask | undefined;
  put(task: SubagentTask): void;
  remove(taskId: string): void;
  /** The ids of the tasks waiting for answers, oldest first. */
  waiting(): string[];
}

/** A store in memory: a session that is never saved, and tests. */
export class MemoryTaskStore implements SubagentTaskStore {
  private readonly tasks = new Map<string, SubagentTask>();

  constructor(tasks: Iterable<SubagentTask> = []) {
    for (const task of tasks) this.tasks.set(task.taskId, task);
  }

  get(taskId: string): SubagentTask | undefined {
    return this.tasks.get(taskId);
  }

  put(task: SubagentTask): void {
    this.tasks.delete(task.taskId);
    this.tasks.set(task.taskId, task);
  }

  remove(taskId: string): void {
    this.tasks.delete(taskId);
  }

  waiting(): string[] {
    return [...this.tasks.keys()];
  }

  /** Holds exactly `tasks` from now on (a saved session continued, or a new one). */
  replace(tasks: Iterable<SubagentTask>): void {
    this.tasks.clear();
    for (const task of tasks) this.tasks.set(task.taskId, task);
  }
}

/**
 * The call as it stood before the run ended for the parent's answer: pending, with its exact
 * input, so that resuming the subagent's loop runs it again and it returns the answers.
 */
export function reopenCall(activity: ToolActivity, input: unknown): void {
  activity.status = 'pending';
  activity.summary = '';
  activity.input = input;
  delete activity.output;
  delete activity.retainedOutput;
  delete activity.retainedDetails;
}
