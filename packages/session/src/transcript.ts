import type { ToolActivity, ToolStatus } from '@agent/llm';
import {
  ASK_USER_TOOL,
  parseAskUserInput,
  parseAskUserResult,
  summarizeQuestionnaire,
  type QuestionnaireSummary,
} from './questionnaire-summary';
import type { LoadWarning, SessionEvent } from './schema';

/** One segment of a replayed transcript, in the order the REPL shows them. */
export type TranscriptItem =
  | { kind: 'user'; text: string }
  | { kind: 'assistant'; text: string }
  | {
      kind: 'tool';
      callId: string;
      name: string;
      summary: string;
      status: ToolStatus;
      /** Steps the tool reported while running (a subagent's tool calls), in order. */
      steps?: string[];
    }
  | { kind: 'questionnaire'; callId: string; summary: QuestionnaireSummary }
  | { kind: 'checkpoint'; summary: string }
  | { kind: 'provider_change'; provider: string; model: string }
  | { kind: 'warning'; line: number; reason: string };

/**
 * The transcript of a saved session for replay: the whole history (a checkpoint shows as a
 * marker, nothing before it is dropped), tool calls as status lines with their final status,
 * answered `ask_user` calls as questionnaire summaries, load warnings first. Calls that never
 * ended show as `interrupted`.
 */
export function transcriptItems(
  events: readonly SessionEvent[],
  warnings: readonly LoadWarning[] = [],
): TranscriptItem[] {
  const items: TranscriptItem[] = warnings.map((w) => ({
    kind: 'warning',
    line: w.line,
    reason: w.reason,
  }));
  const calls = new Map<string, { index: number; call: ToolActivity }>();
  for (const event of events) {
    switch (event.type) {
      case 'user':
        items.push({ kind: 'user', text: event.display ?? event.text });
        break;
      case 'assistant':
        if (event.message.text.length > 0)
          items.push({ kind: 'assistant', text: event.message.text });
        for (const call of event.message.toolCalls) {
          calls.set(call.id, { index: items.length, call });
          items.push(toolItem(call, call.status, call.summary, call.retainedOutput));
        }
        break;
      case 'tool_end': {
        const entry = calls.get(event.callId);
        if (!entry) break;
        const previous = items[entry.index];
        const item = toolItem(
          entry.call,
          event.status,
          event.summary,
          event.retainedOutput ?? entry.call.retainedOutput,
        );
        if (item.kind === 'tool' && previous?.kind === 'tool' && previous.steps) {
          item.steps = previous.steps;
        }
        items[entry.index] = item;
        break;
      }
      case 'questionnaire': {
        const entry = calls.get(event.callId);
        const item: TranscriptItem = {
          kind: 'questionnaire',
          callId: event.callId,
          summary: summarizeQuestionnaire(event.questionnaire, event.result),
        };
        if (entry) items[entry.index] = item;
        else items.push(item);
        break;
      }
      case 'tool_progress': {
        const entry = calls.get(event.callId);
        const item = entry && items[entry.index];
        if (item?.kind === 'tool') item.steps = [...(item.steps ?? []), event.text];
        break;
      }
      case 'checkpoint':
        items.push({ kind: 'checkpoint', summary: event.summary });
        break;
      case 'provider_change':
        items.push({ kind: 'provider_change', provider: event.provider, model: event.model });
        break;
      case 'session_start':
      case 'settings':
        break;
    }
  }
  for (const item of items) {
    if (item.kind === 'tool' && item.status === 'pending') item.status = 'interrupted';
  }
  return items;
}

function toolItem(
  call: ToolActivity,
  status: ToolStatus,
  summary: string,
  retainedOutput: string | undefined,
): TranscriptItem {
  if (call.name === ASK_USER_TOOL && status === 'ok' && retainedOutput !== undefined) {
    const record = parseAskUserInput(call.input);
    const result = parseAskUserResult(retainedOutput);
    if (record && result) {
      return {
        kind: 'questionnaire',
        callId: call.id,
        summary: summarizeQuestionnaire(record, result),
      };
    }
  }
  return { kind: 'tool', callId: call.id, name: call.name, summary, status };
}
