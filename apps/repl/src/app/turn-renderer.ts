import type { LoopEvent, ToolActivity } from '@agent/llm';
import { formatWait, reportedWhenInterrupted } from '@agent/llm/text';
import type { CallEntry } from '@agent/session';
import { formatDuration } from '../view/command-outcome';
import type { Segment } from '../view/segment';
import type { Transcript } from '../view/transcript';
import { approvalText } from './approval-text';
import { callEnding } from './call-ending';
import { turnEndLine } from './turn-end-line';

type ToolSegment = Extract<Segment, { kind: 'tool' }>;
type AssistantSegment = Extract<Segment, { kind: 'assistant' }>;
type SubagentSegment = Extract<Segment, { kind: 'subagent' }>;

/** The `data` of a subagent's progress update (see @agent/subagents SubagentProgress). */
interface SubagentData {
  kind: 'subagent';
  agent: string;
  description: string;
  event: 'tool_start' | 'tool_end' | 'text';
}

function subagentData(data: unknown): SubagentData | undefined {
  const value = data as Partial<SubagentData> | undefined;
  return value?.kind === 'subagent' && typeof value.event === 'string'
    ? (value as SubagentData)
    : undefined;
}

/** Where the live view takes its calls' facts from, and which tools get special treatment. */
export interface ToolDisplay {
  /**
   * A call's live transcript entry, by call id (the session's view model, the one every replay
   * draws: see `Conversation.transcriptCall`): whether it is a card (drawn by its card, no status
   * line unless it fails), the state and summary it ended in. Undefined for a call the session
   * does not record (a person's `!command`): its events stand in.
   */
  entry(id: string): CallEntry | undefined;
  /** Exec tools show their (folded) output below the status line. */
  showsOutput(name: string): boolean;
  /** Whether a finished command's row says how long it ran (default: yes; not on replay). */
  timesCommands?: boolean;
}

/** A command the person ran (`!cmd`): its output is shown folded, as a model's command's is. */
export const PERSON_SHELL_DISPLAY: ToolDisplay = {
  entry: () => undefined,
  showsOutput: () => true,
};

/** What a call's own events say of it, where the session holds no entry for it. */
function eventEntry(activity: ToolActivity): Pick<CallEntry, 'kind' | 'state' | 'summary'> {
  const state = activity.status === 'pending' ? 'running' : activity.status;
  return { kind: 'tool', state, summary: activity.summary };
}

/**
 * Turns tool-loop events into transcript segments: streamed assistant text, one status line per
 * tool call (spinner while running, one-line result after), diffs of edits, folded output of
 * commands, and how the turn ended. What a call is and how it ended (a card or a line, its state
 * and summary) come from its transcript entry, drawn as a replay draws it (`callEnding`); what
 * the session does not hold (streamed text, progress, outputs, durations) from the events.
 */
export class TurnRenderer {
  private assistant: AssistantSegment | undefined;
  private readonly tools = new Map<string, ToolSegment>();
  /** Titles of running interactive calls: they get a status line only if they fail. */
  private readonly hidden = new Map<string, string>();
  private readonly subagents = new Map<string, SubagentSegment>();

  constructor(
    private readonly transcript: Transcript,
    private readonly display: ToolDisplay,
  ) {}

  handle(event: LoopEvent): void {
    switch (event.type) {
      case 'text_delta': {
        if (!this.assistant) {
          this.assistant = this.transcript.add({ kind: 'assistant', text: '', streaming: true });
        }
        this.assistant.text += event.text;
        this.transcript.touch(this.assistant);
        return;
      }
      case 'assistant_message':
        this.endText(event.message.text);
        return;
      case 'tool_start': {
        this.endText();
        const { activity } = event;
        if ((this.display.entry(activity.id)?.kind ?? 'tool') !== 'tool') {
          this.hidden.set(activity.id, event.title);
          return;
        }
        const segment = this.transcript.add({
          kind: 'tool',
          id: activity.id,
          name: activity.name,
          title: event.title,
          state: 'running',
          startedAt: Date.now(),
        });
        this.tools.set(activity.id, segment);
        return;
      }
      case 'tool_approved': {
        const segment = this.tools.get(event.id);
        if (!segment) return;
        const approval = approvalText(event.approval, segment.name);
        if (approval === undefined) delete segment.approval;
        else segment.approval = approval;
        this.transcript.touch(segment);
        return;
      }
      case 'tool_update': {
        const segment = this.tools.get(event.id);
        if (!segment) return;
        const sub = subagentData(event.update.data);
        if (sub) return this.subagentStep(event.id, sub, event.update.text);
        segment.progress = event.update.text;
        this.transcript.touch(segment);
        return;
      }
      case 'tool_end': {
        const { activity, result } = event;
        const entry = this.display.entry(activity.id) ?? eventEntry(activity);
        const title = this.hidden.get(activity.id);
        this.hidden.delete(activity.id);
        if (entry.kind !== 'tool') {
          // A card stands for its call: a status line only when it failed.
          if (entry.state !== 'error') return;
          this.transcript.add({
            kind: 'tool',
            id: activity.id,
            name: activity.name,
            title: title || activity.name,
            state: 'error',
            summary: entry.summary || result.output.split('\n')[0],
          });
          return;
        }
        const segment = this.tools.get(activity.id);
        if (!segment) return;
        this.tools.delete(activity.id);
        this.endSubagent(activity.id);
        const shows = entry.state !== 'denied' && this.display.showsOutput(activity.name);
        // An interrupted call's result is a note to the model: the person sees what the tool
        // reported (a command's output so far), and the turn's end line says what to do next.
        const given =
          entry.state === 'interrupted' ? reportedWhenInterrupted(result.output) : result.output;
        const started = this.display.timesCommands === false ? undefined : segment.startedAt;
        const ran = started === undefined ? undefined : formatDuration(Date.now() - started);
        const ending = callEnding(entry, shows ? given : '', ran);
        segment.state = ending.state;
        segment.summary = ending.summary;
        segment.progress = undefined;
        if (ending.outcome !== undefined) segment.outcome = ending.outcome;
        this.transcript.touch(segment);
        if (result.diff && ending.state === 'ok') {
          this.transcript.add({ kind: 'diff', diff: result.diff });
        } else if (shows && ending.body.trim() !== '') {
          // A denied call's output is the note to the model; its status line says it all.
          const whenFolded = ending.command ? 'tail' : 'head';
          this.transcript.add({ kind: 'output', text: ending.body, folded: true, whenFolded });
        }
        return;
      }
      case 'user_message':
        // A message the person sent into this turn, where the model got it.
        this.endText();
        this.transcript.add({ kind: 'user', text: event.text });
        return;
      case 'usage':
        return;
      case 'provider_retry':
        this.transcript.add({
          kind: 'info',
          text: `⟳ retrying in ${formatWait(event.waitMs)} (attempt ${event.attempt} of ${event.maxRetries}): ${event.reason}`,
        });
        return;
      case 'turn_end': {
        this.endText();
        // A call the turn left without its end is drawn as a replay of the session draws it.
        for (const [id, segment] of this.tools) {
          const entry = this.display.entry(id) ?? { state: 'running', summary: '' };
          segment.state = callEnding(entry).state;
          this.transcript.touch(segment);
        }
        this.tools.clear();
        this.hidden.clear();
        for (const id of [...this.subagents.keys()]) this.endSubagent(id);
        const line = turnEndLine(event.reason, event.error);
        if (line) this.transcript.add(line);
        return;
      }
    }
  }

  /** A running subagent's steps, drawn under its `task` line: starts add, ends replace. */
  private subagentStep(id: string, data: SubagentData, text: string): void {
    let segment = this.subagents.get(id);
    if (!segment) {
      const created: SubagentSegment = {
        kind: 'subagent',
        label: `${data.agent}: ${data.description}`,
        steps: [],
        done: false,
        folded: true,
      };
      // Right under its task's status line, even when other calls' lines came after it.
      const segments = this.transcript.segments;
      const after = segments[segments.indexOf(this.tools.get(id)!) + 1];
      segment = after ? this.transcript.insertBefore(created, after) : this.transcript.add(created);
      this.subagents.set(id, segment);
    }
    if (data.event === 'tool_end' && segment.steps.length > 0) {
      segment.steps[segment.steps.length - 1] = text;
    } else if (text) segment.steps.push(text);
    this.transcript.touch(segment);
  }

  private endSubagent(id: string): void {
    const segment = this.subagents.get(id);
    if (!segment) return;
    this.subagents.delete(id);
    segment.done = true;
    this.transcript.touch(segment);
  }

  private endText(finalText?: string): void {
    const segment = this.assistant;
    if (!segment) {
      if (finalText && finalText.trim()) {
        this.transcript.add({ kind: 'assistant', text: finalText, streaming: false });
      }
      return;
    }
    this.assistant = undefined;
    segment.streaming = false;
    if (finalText !== undefined && finalText !== '') segment.text = finalText;
    if (segment.text.trim() === '') this.transcript.remove(segment);
    else this.transcript.touch(segment);
  }
}
