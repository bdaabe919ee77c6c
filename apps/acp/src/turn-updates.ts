import type { RuntimeEvent } from '@agent/runtime';
import type { CallEntry } from '@agent/session';
import type { ShellProgress, ToolResult } from '@agent/tools';
import type { ToolActivity } from '@agent/llm';
import { approvalLine } from './approval-line';
import { endedStatus, entryQuestionnaireText } from './call-entry-display';
import type { SessionUpdate, ToolCallContent } from './schema';
import {
  editDiff,
  MAX_SHOWN_OUTPUT_CHARS,
  textContent,
  toolKind,
  toolLocations,
} from './tool-display';

/**
 * The runtime's events of a turn as ACP session updates: assistant text as message chunks, each
 * tool call as `tool_call` (kind, title, locations, an edit's diff), its progress (a command's
 * output as it arrives), its approval (`in_progress` once allowed, wherever it was answered) and its
 * end as `tool_call_update`. Other events are for the log. What a
 * call is and how it ended (its title, state, a questionnaire's summary) come from its transcript
 * entry (`entry`, recorded before its event arrives), as a session/load replay draws it; what the
 * session does not hold (progress, outputs, diffs) from the events.
 */
export class TurnUpdates {
  /** Per open call: the diff shown at its start, and the output it printed so far. */
  private readonly calls = new Map<string, { diff: ToolCallContent[]; output: string }>();

  constructor(
    private readonly workspace: string,
    /** A call's transcript entry as it stands now (see `Conversation.transcriptCall`). */
    private readonly entry: (id: string) => CallEntry | undefined,
    private readonly send: (update: SessionUpdate) => void,
    private readonly log: (text: string) => void,
  ) {}

  handle(event: RuntimeEvent): void {
    switch (event.type) {
      case 'text_delta':
        if (event.text !== '') {
          this.send({
            sessionUpdate: 'agent_message_chunk',
            content: { type: 'text', text: event.text },
          });
        }
        return;
      case 'tool_start':
        return this.start(event.activity, event.title);
      case 'tool_update':
        return this.progress(event.id, event.update.text, event.update.data);
      case 'tool_approved':
        // Allowed, wherever it was answered (here, the terminal, the page, the mode, a rule): a
        // call the editor was asked about stops being `pending` and runs now.
        if (event.approval.allowed) {
          this.send({
            sessionUpdate: 'tool_call_update',
            toolCallId: event.id,
            status: 'in_progress',
          });
        }
        return;
      case 'tool_end':
        return this.end(event.activity, event.result);
      case 'mode':
        return this.send({ sessionUpdate: 'current_mode_update', currentModeId: event.mode });
      case 'notice':
        return this.log(event.text);
      case 'tools_left_out':
        return this.log(event.text);
      case 'provider_retry':
        return this.log(`provider: ${event.reason}; retry ${event.attempt} of ${event.maxRetries}`);
      case 'save_error':
        return this.log(event.error.message);
      case 'mcp_servers':
        for (const server of event.servers) {
          if (server.state === 'failed')
            this.log(`MCP server ${server.name} failed: ${server.error ?? ''}`);
        }
        for (const problem of event.configErrors) this.log(`MCP configuration: ${problem}`);
        return;
      default:
        return;
    }
  }

  private start(activity: ToolActivity, title: string): void {
    const diff = editDiff(this.workspace, activity);
    this.calls.set(activity.id, { diff, output: '' });
    // A call the session does not record (a person's command) is as its event says.
    const entry = this.entry(activity.id);
    this.send({
      sessionUpdate: 'tool_call',
      toolCallId: activity.id,
      title: entry?.title ?? title,
      kind: toolKind(activity.name),
      status: 'in_progress',
      locations: toolLocations(this.workspace, activity),
      ...(diff.length > 0 ? { content: diff } : {}),
      rawInput: activity.input,
    });
  }

  private progress(id: string, text: string, data: unknown): void {
    const call = this.calls.get(id);
    if (!call) return;
    const output = (data as Partial<ShellProgress> | undefined)?.output;
    if (typeof output === 'string') {
      call.output = (call.output + output).slice(-2 * MAX_SHOWN_OUTPUT_CHARS);
      this.send({
        sessionUpdate: 'tool_call_update',
        toolCallId: id,
        content: textContent(call.output),
      });
    } else if (text !== '') {
      this.send({ sessionUpdate: 'tool_call_update', toolCallId: id, content: textContent(text) });
    }
  }

  private end(activity: ToolActivity, result: ToolResult): void {
    const call = this.calls.get(activity.id);
    this.calls.delete(activity.id);
    const entry = this.entry(activity.id);
    const summary = entry && entryQuestionnaireText(entry);
    // A call the session does not record (a person's `!command`) says how it ended as its
    // replay does: the output, then the summary (`exit code 1`).
    const ending = entry ? [] : textContent(result.summary ?? '');
    const approval = textContent(approvalLine(entry ?? activity));
    const content = summary
      ? [...approval, ...textContent(summary)]
      : [
          ...approval,
          ...(result.isError ? [] : (call?.diff ?? [])),
          ...textContent(result.output),
          ...ending,
        ];
    this.send({
      sessionUpdate: 'tool_call_update',
      toolCallId: activity.id,
      status: endedStatus(entry?.state ?? activity.status),
      content,
    });
  }
}
