import type { LoopEvent, ToolActivity } from '@agent/llm';
import { wireQuestionnaireAnswers } from './codec/wire-schemas';
import type { SavedSubagentTask, SessionEventInput } from './schema';

/**
 * The session event a tool loop event becomes: `assistant_message` (a complete model response,
 * calls still pending), `tool_end` (one call finished), `user_message` (steering), progress a
 * tool marks `persist` (a subagent's steps) and a `turn_end` other than `done` are recorded;
 * streaming deltas, transient progress and usage (already in the message) are not.
 */
export function sessionEventForLoopEvent(event: LoopEvent): SessionEventInput | undefined {
  if (event.type === 'assistant_message') return { type: 'assistant', message: event.message };
  // A message the person sent into the running turn, recorded where it joined.
  if (event.type === 'user_message') return { type: 'user', text: event.text };
  if (event.type === 'tool_end') return toolEndEvent(event.activity);
  if (event.type === 'turn_end' && event.reason !== 'done') {
    return { type: 'turn_end', reason: event.reason };
  }
  if (event.type === 'tool_update') {
    const task = subagentTaskEvent(event.id, event.update.data);
    if (task) return task;
  }
  if (event.type === 'tool_update' && event.update.persist) {
    return { type: 'tool_progress', callId: event.id, text: event.update.text };
  }
  return undefined;
}

export function toolEndEvent(activity: ToolActivity): SessionEventInput {
  const event: SessionEventInput = {
    type: 'tool_end',
    callId: activity.id,
    status: activity.status,
    summary: activity.summary,
  };
  if (activity.retainedOutput !== undefined) event.retainedOutput = activity.retainedOutput;
  if (activity.approval !== undefined) event.approval = { ...activity.approval };
  if (activity.answeredOn !== undefined) event.answeredOn = activity.answeredOn;
  if (activity.retainedDetails === undefined) return event;
  const answers =
    activity.name === 'ask_user'
      ? wireQuestionnaireAnswers.safeParse(activity.retainedDetails)
      : undefined;
  // ask_user's details are its outcome as data: recorded as such, typed.
  if (answers?.success) event.questionnaire = answers.data;
  else event.retainedDetails = activity.retainedDetails;
  return event;
}

/** A `task` call's record of a subagent that asked or finished (its update's `data`). */
function subagentTaskEvent(callId: string, data: unknown): SessionEventInput | undefined {
  if (typeof data !== 'object' || data === null) return undefined;
  const record = data as { kind?: unknown; task?: SavedSubagentTask; taskId?: unknown };
  if (record.kind !== 'subagent_task') return undefined;
  if (record.task)
    return { type: 'subagent_task', callId, taskId: record.task.taskId, task: record.task };
  if (typeof record.taskId !== 'string') return undefined;
  return { type: 'subagent_task', callId, taskId: record.taskId, done: true };
}
