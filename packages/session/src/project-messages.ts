import {
  closeDanglingCalls,
  type AssistantMessage,
  type Message,
  type ToolActivity,
  type ToolHistoryMode,
} from '@agent/llm';
import type { SessionEvent } from './schema';

/** What a resumed session continues with. */
export interface SessionProjection {
  /** The history for the next provider request: from the last checkpoint on, every call paired. */
  messages: Message[];
  cwd?: string;
  /** The provider and model last in use (session start, then provider changes). */
  provider?: string;
  model?: string;
  title?: string;
  toolHistory?: ToolHistoryMode;
}

/**
 * Rebuilds the conversation from session events: tool statuses and retained outputs merged from
 * `tool_end` into their assistant messages, a checkpoint replacing everything before it, and every
 * call left `pending` (a crash or quit mid-call) closed as `interrupted` with a paired result.
 * Fields this version does not know are left out.
 */
export function projectSession(events: readonly SessionEvent[]): SessionProjection {
  const projection: SessionProjection = { messages: [] };
  let from = 0;
  for (let i = events.length - 1; i >= 0; i--) {
    if (events[i]!.type === 'checkpoint') {
      from = i;
      break;
    }
  }
  for (const event of events) {
    if (event.type === 'session_start') {
      projection.cwd ??= event.cwd;
      projection.provider ??= event.provider;
      projection.model ??= event.model;
      if (event.title !== undefined) projection.title ??= event.title;
    } else if (event.type === 'provider_change') {
      projection.provider = event.provider;
      projection.model = event.model;
    } else if (event.type === 'settings' && event.toolHistory !== undefined) {
      projection.toolHistory = event.toolHistory;
    }
  }
  const messages: Message[] = [];
  const calls = new Map<string, ToolActivity>();
  for (let i = from; i < events.length; i++) {
    const event = events[i]!;
    switch (event.type) {
      case 'checkpoint':
        messages.push({ role: 'checkpoint', summary: event.summary });
        break;
      case 'user':
        messages.push({ role: 'user', text: event.text });
        break;
      case 'assistant': {
        const message = copyAssistant(event.message);
        for (const call of message.toolCalls) calls.set(call.id, call);
        messages.push(message);
        break;
      }
      case 'tool_end': {
        const call = calls.get(event.callId);
        if (!call) break;
        call.status = event.status;
        call.summary = event.summary;
        if (event.retainedOutput !== undefined) call.retainedOutput = event.retainedOutput;
        break;
      }
      default:
        break;
    }
  }
  projection.messages = closeDanglingCalls(messages);
  return projection;
}

/** The history for the next request (see `projectSession`). */
export function projectMessages(events: readonly SessionEvent[]): Message[] {
  return projectSession(events).messages;
}

function copyAssistant(message: AssistantMessage): AssistantMessage {
  const copy: AssistantMessage = {
    role: 'assistant',
    text: message.text,
    toolCalls: message.toolCalls.map(copyActivity),
  };
  if (message.usage !== undefined) copy.usage = { ...message.usage };
  if (message.provider !== undefined) copy.provider = message.provider;
  if (message.model !== undefined) copy.model = message.model;
  return copy;
}

function copyActivity(call: ToolActivity): ToolActivity {
  const copy: ToolActivity = {
    id: call.id,
    name: call.name,
    input: call.input,
    status: call.status,
    summary: call.summary,
  };
  if (call.retainedOutput !== undefined) copy.retainedOutput = call.retainedOutput;
  return copy;
}
