import type { AssistantMessage, ToolActivity } from '@agent/llm';
import type { SessionEventInput } from './schema';

/**
 * The part of the tool loop's events a session records, typed structurally so any loop event
 * union fits: `assistant_message` (a complete model response, calls still pending), `tool_end`
 * (one call finished), `turn_end` (flush point). Every other type is ignored.
 */
export interface LoopEventLike {
  type: string;
  message?: AssistantMessage;
  activity?: ToolActivity;
}

/** The session event a loop event becomes, or undefined when it is not recorded. */
export function sessionEventForLoopEvent(event: LoopEventLike): SessionEventInput | undefined {
  if (event.type === 'assistant_message' && event.message) {
    return { type: 'assistant', message: event.message };
  }
  if (event.type === 'tool_end' && event.activity) return toolEndEvent(event.activity);
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
  return event;
}
