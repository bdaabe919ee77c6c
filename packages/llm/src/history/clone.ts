import type { Message, ToolActivity } from '../messages';

/** A deep copy of one message: nothing mutable is shared with the original. */
export function cloneMessage<M extends Message>(message: M): M {
  if (message.role === 'user' && message.images) {
    return { ...message, images: message.images.map((image) => ({ ...image })) };
  }
  if (message.role !== 'assistant') return { ...message };
  return {
    ...message,
    usage: message.usage ? { ...message.usage } : undefined,
    toolCalls: message.toolCalls.map(cloneActivity),
  } as M;
}

export function cloneMessages(messages: readonly Message[]): Message[] {
  return messages.map((message) => cloneMessage(message));
}

export function cloneActivity(activity: ToolActivity): ToolActivity {
  const copy = { ...activity, input: structuredClone(activity.input) };
  if (activity.retainedDetails !== undefined) {
    copy.retainedDetails = structuredClone(activity.retainedDetails);
  }
  if (activity.approval !== undefined) copy.approval = { ...activity.approval };
  return copy;
}
