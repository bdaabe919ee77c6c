import type { ToolActivity } from '@agent/llm';
import {
  AMENDED_NOTE,
  compactionNote,
  providerText,
  transcriptOf,
  undoneText,
  type CallEntry,
  type LoadWarning,
  type SessionEvent,
  type TranscriptEntry,
} from '@agent/session';
import { TRANSCRIPT_CARDS } from '@agent/runtime';
import { renderElicitationSummary } from '../elicitation/elicitation-segment';
import type { Segment } from '../view/segment';
import { approvalText } from './approval-text';
import { callEnding } from './call-ending';
import { promptSegments } from './prompt-segments';
import { shellSegments } from './shell-segments';
import { turnEndLine } from './turn-end-line';

/** A custom replay for a saved call (the questionnaire summary); undefined for the default line. */
export type ReplayHook = (call: CallEntry) => Segment | undefined;

/**
 * The compact transcript of a saved session from its last checkpoint on (what the model still
 * sees; one line says how many turns came before), drawn from its transcript entries (see
 * `transcriptOf`): prompts (with their attached files' lines), answers, each tool call as one
 * finished status line (or its extension's summary), the person's `!` commands with their output
 * and `/undo`s as live, provider changes as notes. Calls that never ended show as interrupted,
 * except those the resumed turn offers again: it draws them live. Nothing is interactive.
 */
export function replaySegments(
  events: readonly SessionEvent[],
  warnings: readonly LoadWarning[],
  hooks: readonly ReplayHook[],
  titleOf: (activity: ToolActivity) => string = (activity) => activity.name,
  offeredAgain: readonly string[] = [],
): Segment[] {
  const entries = transcriptOf(events, {
    cards: TRANSCRIPT_CARDS,
    titleOf,
    warnings,
    offeredAgain,
  });
  return entries.flatMap((entry) => entrySegments(entry, hooks));
}

/** How the REPL draws one transcript entry of a replay. */
function entrySegments(entry: TranscriptEntry, hooks: readonly ReplayHook[]): Segment[] {
  switch (entry.kind) {
    case 'notice':
      return [{ kind: 'info', text: entry.text }];
    case 'prompt':
      return promptSegments(entry);
    case 'shell':
      return [{ kind: 'user', text: `!${entry.command}` }, ...shellSegments(entry)];
    case 'undo':
      return [{ kind: 'info', text: undoneText(entry) }];
    case 'assistant':
      return [{ kind: 'assistant', text: entry.text, streaming: false }];
    case 'tool':
    case 'questionnaire':
    case 'plan':
      // A call the resumed turn offers again is drawn by that turn, as its live card, at once.
      return entry.state === 'open' ? [] : callSegments(entry, hooks);
    case 'compaction':
      return [{ kind: 'info', text: `── ${compactionNote(entry)} ──` }];
    case 'amended':
      return [{ kind: 'info', text: AMENDED_NOTE }, toolSegment(entry.call, hooks)];
    case 'elicitation': {
      const { event } = entry;
      const outcome = {
        server: event.server,
        action: event.action,
        ...(event.fields ? { fields: event.fields } : {}),
        ...(event.url !== undefined ? { url: event.url } : {}),
      };
      return [{ kind: 'custom', render: (width) => renderElicitationSummary(outcome, width) }];
    }
    case 'turn_end': {
      const line = turnEndLine(entry.reason);
      return line ? [line] : [];
    }
    case 'provider':
      return [{ kind: 'info', text: `── ${providerText(entry)} ──` }];
    default:
      // Mode changes and subagent questions show through the calls they belong to.
      return [];
  }
}

/** A saved call's status line (or its extension's summary), then its subagent's steps if any. */
function callSegments(call: CallEntry, hooks: readonly ReplayHook[]): Segment[] {
  const line = toolSegment(call, hooks);
  if (call.steps.length === 0) return [line];
  return [
    line,
    {
      kind: 'subagent',
      label: subagentLabel(call.activity),
      steps: [...call.steps],
      done: true,
      folded: true,
    },
  ];
}

/** "explore: find the answer" from a saved `task` call's input. */
function subagentLabel(activity: ToolActivity): string {
  const input = (activity.input ?? {}) as { agent?: unknown; description?: unknown };
  const agent = typeof input.agent === 'string' ? input.agent : 'subagent';
  const description = typeof input.description === 'string' ? input.description : activity.name;
  return `${agent}: ${description}`;
}

function toolSegment(call: CallEntry, hooks: readonly ReplayHook[]): Segment {
  for (const hook of hooks) {
    const segment = hook(call);
    if (segment) return segment;
  }
  const { state, summary, outcome } = callEnding(call);
  const approval = approvalText(call.approval, call.name);
  return {
    kind: 'tool',
    id: call.id,
    name: call.name,
    title: call.title,
    state,
    summary,
    ...(approval !== undefined ? { approval } : {}),
    ...(outcome !== undefined ? { outcome } : {}),
  };
}
