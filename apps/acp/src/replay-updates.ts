import { imageLabel, type ToolActivity } from '@agent/llm';
import type { SavedSession } from '@agent/runtime';
import { compactedTurnsText, replayWindow, SessionReducer, type CallState } from '@agent/session';
import { questionnaireSummaryText, questionnaireTitle } from './questionnaire-summary';
import type { SessionUpdate } from './schema';
import { textContent, toolKind, toolLocations } from './tool-display';

type Entry = SessionUpdate | CallState;

/**
 * A saved session as the updates an editor replays on `session/load`: each prompt as the person
 * wrote it, the assistant's text, each tool call finished (its summary as content; an `ask_user`
 * call as its compact questionnaire summary), from the last checkpoint on (a note says how many
 * turns it replaced). Nothing is asked again here; a call left open (a crash) shows as pending.
 */
export function replayUpdates(
  saved: SavedSession,
  workspace: string,
  titleOf: (activity: ToolActivity) => string,
): SessionUpdate[] {
  const entries: Entry[] = [];
  const reducer = new SessionReducer();
  const shown = replayWindow(saved.events);
  for (const event of shown.events) {
    const opened = reducer.apply(event);
    switch (event.type) {
      case 'user':
        entries.push(
          chunk(
            'user_message_chunk',
            [event.display ?? event.text, ...(event.images ?? []).map(imageLabel)].join('\n'),
          ),
        );
        break;
      case 'assistant':
        if (event.message.text.trim() !== '') {
          entries.push(chunk('agent_message_chunk', event.message.text));
        }
        entries.push(...opened);
        break;
      case 'checkpoint':
        entries.push(chunk('agent_message_chunk', `*(${compactedTurnsText(shown.earlierTurns)})*`));
        break;
      default:
        break;
    }
  }
  return entries.flatMap((entry) =>
    'activity' in entry ? callUpdates(entry.activity, workspace, titleOf) : [entry],
  );
}

function chunk(kind: 'user_message_chunk' | 'agent_message_chunk', text: string): SessionUpdate {
  return { sessionUpdate: kind, content: { type: 'text', text } };
}

function callUpdates(
  activity: ToolActivity,
  workspace: string,
  titleOf: (activity: ToolActivity) => string,
): SessionUpdate[] {
  const pending = activity.status === 'pending';
  const summary = pending ? undefined : questionnaireSummaryText(activity);
  return [
    {
      sessionUpdate: 'tool_call',
      toolCallId: activity.id,
      title: questionnaireTitle(activity.input) ?? titleOf(activity),
      kind: toolKind(activity.name),
      status: pending ? 'pending' : activity.status === 'ok' ? 'completed' : 'failed',
      locations: toolLocations(workspace, activity),
      content: textContent(summary ?? activity.summary),
      rawInput: activity.input,
    },
  ];
}
