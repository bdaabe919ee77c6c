import type { LoopEvent, ToolActivity } from '@agent/llm';
import type { SessionEventInput } from './schema';

/**
 * The session event a tool loop event becomes: `assistant_message` (a complete model response,
 * calls still pending) and `tool_end` (one call finished) are recorded; streaming deltas,
 * progress and usage (already in the message) are not.
 */
export function sessionEventForLoopEvent(event: LoopEvent): SessionEventInput | undefined {
  if (event.type === 'assistant_message') return { type: 'assistant', message: event.message };
  if (event.type === 'tool_end') return toolEndEvent(event.activity);
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
