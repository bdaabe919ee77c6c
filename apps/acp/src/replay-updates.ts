import { imageLabel, type ToolActivity } from '@agent/llm';
import { TRANSCRIPT_CARDS, type SavedSession } from '@agent/runtime';
import {
  AMENDED_NOTE,
  compactionNote,
  providerText,
  transcriptOf,
  turnEndText,
  undoneText,
  type CallEntry,
  type TranscriptEntry,
} from '@agent/session';
import { approvalLine } from './approval-line';
import { endedStatus, entryQuestionnaireText } from './call-entry-display';
import type { SessionUpdate } from './schema';
import { textContent, toolKind, toolLocations } from './tool-display';

/**
 * A saved session as the updates an editor replays on `session/load`, drawn from its transcript
 * entries (see `transcriptOf`): first each line the load skipped, then each prompt as the person
 * wrote it, the assistant's text, each tool call finished (its summary as content; an `ask_user`
 * call as its compact questionnaire summary), a person's `!command` as their line and its
 * finished `execute` call, from the last checkpoint on (a note says how many turns it replaced
 * and how many decisions it kept), then each kept answer the person amended; an `/undo` and a
 * switch of model are notes; a turn that did not end normally says how it ended. Nothing is asked again here; a call left open (a crash) shows
 * as failed (interrupted), or as pending when the resumed turn offers it again (`offeredAgain`).
 */
export function replayUpdates(
  saved: SavedSession,
  workspace: string,
  titleOf: (activity: ToolActivity) => string,
  offeredAgain: readonly string[] = [],
): SessionUpdate[] {
  const entries = transcriptOf(saved.events, {
    cards: TRANSCRIPT_CARDS,
    titleOf,
    offeredAgain,
    warnings: saved.warnings,
  });
  return entries.flatMap((entry): SessionUpdate[] => {
    switch (entry.kind) {
      case 'notice':
        // A line the load skipped, first, as every front end's replay says it.
        return [chunk('agent_message_chunk', `*${entry.text}*`)];
      case 'prompt':
        return [
          chunk('user_message_chunk', [entry.shown, ...entry.images.map(imageLabel)].join('\n')),
        ];
      case 'shell':
        return [chunk('user_message_chunk', `!${entry.command}`), shellCall(entry)];
      case 'assistant':
        return [chunk('agent_message_chunk', entry.text)];
      case 'compaction':
        return [chunk('agent_message_chunk', `*(${compactionNote(entry)})*`)];
      case 'amended':
        return [
          chunk('agent_message_chunk', `*${AMENDED_NOTE}*`),
          callUpdate(entry.call, workspace),
        ];
      case 'tool':
      case 'questionnaire':
      case 'plan':
        return [callUpdate(entry, workspace)];
      case 'turn_end':
        // Live, the prompt's stop reason says it; a replay has no prompt response to carry it.
        return [chunk('agent_message_chunk', `*(${turnEndText(entry.reason)})*`)];
      case 'undo':
        return [chunk('agent_message_chunk', `*(${undoneText(entry)})*`)];
      case 'provider':
        return [chunk('agent_message_chunk', `*(${providerText(entry)})*`)];
      default:
        return [];
    }
  });
}

function chunk(kind: 'user_message_chunk' | 'agent_message_chunk', text: string): SessionUpdate {
  return { sessionUpdate: kind, content: { type: 'text', text } };
}

function callUpdate(call: CallEntry, workspace: string): SessionUpdate {
  const { activity } = call;
  const pending = call.state === 'open' || call.state === 'running';
  // A questionnaire is summed up from what the transcript read back, never by its tool's name.
  const summary = pending ? undefined : entryQuestionnaireText(call);
  return {
    sessionUpdate: 'tool_call',
    toolCallId: call.id,
    title: call.title,
    kind: toolKind(call.name),
    status: pending ? 'pending' : endedStatus(call.state),
    locations: toolLocations(workspace, activity),
    content: [...textContent(approvalLine(call)), ...textContent(summary ?? shownSummary(call))],
    rawInput: call.input,
  };
}

/**
 * A person's command as the call it ran as (titled as the runtime titles it live): its output,
 * then how it ended in plain words (`exit code 0`), which the output no longer says.
 */
function shellCall(entry: Extract<TranscriptEntry, { kind: 'shell' }>): SessionUpdate {
  return {
    sessionUpdate: 'tool_call',
    toolCallId: entry.id,
    title: `! ${entry.command}`,
    kind: 'execute',
    status: endedStatus(entry.state),
    content: [...textContent(entry.output), ...textContent(entry.summary)],
    rawInput: { command: entry.command },
  };
}

/** An editor has no interrupted status: a call interrupted before it said anything says so. */
function shownSummary(call: CallEntry): string {
  return call.summary === '' && call.state === 'interrupted' ? 'interrupted' : call.summary;
}
