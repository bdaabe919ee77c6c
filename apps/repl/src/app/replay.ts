import { imageLabel, type RetainedCall, type ToolActivity } from '@agent/llm';
import {
  compactedTurnsText,
  replayWindow,
  SessionReducer,
  type CallState,
  type LoadWarning,
  type SessionEvent,
  type UserEvent,
} from '@agent/session';
import { attachedFilesOf, attachedLine, personShellReplay, undoneFiles } from '@agent/runtime';
import { renderElicitationSummary } from '../elicitation/elicitation-segment';
import { commandOutcome } from '../view/command-outcome';
import type { Segment } from '../view/segment';
import { Transcript } from '../view/transcript';
import { PERSON_SHELL_DISPLAY, TurnRenderer } from './turn-renderer';
import { turnEndLine } from './turn-end-line';
import { undoneLine } from './undo-line';

/** A custom replay for a saved call (the ask_user summary); undefined for the default line. */
export type ReplayHook = (activity: ToolActivity) => Segment | undefined;

/**
 * The compact transcript of a saved session from its last checkpoint on (what the model still
 * sees; one line says how many turns came before): prompts (with their attached files' lines),
 * answers, each tool call as one finished status line (or its extension's summary), the
 * person's `!` commands with their output and `/undo`s as live, provider changes as notes. Calls
 * that never ended show as interrupted. Nothing is interactive.
 */
export function replaySegments(
  events: readonly SessionEvent[],
  warnings: readonly LoadWarning[],
  hooks: readonly ReplayHook[],
  titleOf: (activity: ToolActivity) => string = (activity) => activity.name,
): Segment[] {
  const entries: Array<Segment | CallState> = [];
  const reducer = new SessionReducer();
  for (const warning of warnings) {
    entries.push({ kind: 'info', text: `(skipped line ${warning.line}: ${warning.reason})` });
  }
  let undone: { restored: string[]; removed: string[] } | undefined;
  const shown = replayWindow(events);
  for (const event of shown.events) {
    const opened = reducer.apply(event);
    switch (event.type) {
      case 'user':
        // Live, `/undo` shows only its result line (recorded just before, as an undo event).
        if (event.display === '/undo' && undone)
          entries.push({ kind: 'info', text: undoneLine(undone) });
        else entries.push(...userSegments(event));
        undone = undefined;
        break;
      case 'undo':
        undone = undoneFiles(events, event);
        break;
      case 'assistant':
        if (event.message.text.trim()) {
          entries.push({ kind: 'assistant', text: event.message.text, streaming: false });
        }
        entries.push(...opened);
        break;
      case 'checkpoint':
        entries.push(
          ...checkpointSegments(event.decisions ?? [], shown.earlierTurns, hooks, titleOf),
        );
        break;
      case 'elicitation': {
        const outcome = {
          server: event.server,
          action: event.action,
          ...(event.fields ? { fields: event.fields } : {}),
          ...(event.url !== undefined ? { url: event.url } : {}),
        };
        entries.push({
          kind: 'custom',
          render: (width) => renderElicitationSummary(outcome, width),
        });
        break;
      }
      case 'turn_end': {
        const line = turnEndLine(event.reason);
        if (line) entries.push(line);
        break;
      }
      case 'provider_change':
        entries.push({
          kind: 'info',
          text: `── switched to ${event.provider} / ${event.model} ──`,
        });
        break;
      default:
        break;
    }
  }
  return entries.flatMap((entry) =>
    'kind' in entry ? [entry] : callSegments(entry, hooks, titleOf),
  );
}

/**
 * The line standing for the turns a checkpoint replaced, with how many answers its ledger keeps
 * for the model, then each answer the person amended afterwards: what the model now goes by.
 */
function checkpointSegments(
  decisions: readonly RetainedCall[],
  earlierTurns: number,
  hooks: readonly ReplayHook[],
  titleOf: (activity: ToolActivity) => string,
): Segment[] {
  const kept =
    decisions.length === 0
      ? ''
      : ` (${decisions.length} decision${decisions.length === 1 ? '' : 's'} kept verbatim)`;
  const segments: Segment[] = [
    { kind: 'info', text: `── ${compactedTurnsText(earlierTurns)}${kept} ──` },
  ];
  for (const decision of decisions) {
    if (decision.amended === undefined) continue;
    segments.push({ kind: 'info', text: 'amended by the person afterwards:' });
    segments.push(toolSegment(asActivity(decision, decision.amended), hooks, titleOf));
  }
  return segments;
}

/** A call kept in a checkpoint's ledger as the saved call it was (with `output` as its result). */
function asActivity(kept: RetainedCall, output = kept.output): ToolActivity {
  return {
    id: kept.id,
    name: kept.name,
    input: kept.input,
    status: kept.status,
    summary: '',
    retainedOutput: output,
    ...(output === kept.output && kept.details !== undefined
      ? { retainedDetails: kept.details }
      : {}),
  };
}

/** A saved call's status line (or its extension's summary), then its subagent's steps if any. */
function callSegments(
  call: CallState,
  hooks: readonly ReplayHook[],
  titleOf: (activity: ToolActivity) => string,
): Segment[] {
  const line = toolSegment(call.activity, hooks, titleOf);
  if (call.steps.length === 0) return [line];
  return [
    line,
    {
      kind: 'subagent',
      label: subagentLabel(call.activity),
      steps: call.steps,
      done: true,
      folded: true,
    },
  ];
}

/** A saved prompt as it was shown live: the prompt and its attached files, or a `!` command. */
function userSegments(event: UserEvent): Segment[] {
  const shown: Segment = { kind: 'user', text: event.display ?? event.text };
  const shell = personShellReplay(event.id, event.text, event.display);
  if (shell) {
    // Drawn by the renderer that drew it live, from the same events.
    const transcript = new Transcript();
    const renderer = new TurnRenderer(transcript, {
      ...PERSON_SHELL_DISPLAY,
      timesCommands: false,
    });
    for (const loopEvent of shell) renderer.handle(loopEvent);
    return [shown, ...transcript.segments];
  }
  const images = (event.images ?? []).map((image): Segment => ({
    kind: 'info',
    text: imageLabel(image),
  }));
  if (event.display === undefined) return [shown, ...images];
  const attached = attachedFilesOf(event.text, event.display);
  return [
    shown,
    ...attached.map((file): Segment => ({ kind: 'info', text: attachedLine(file) })),
    ...images,
  ];
}

/** "explore: find the answer" from a saved `task` call's input. */
function subagentLabel(activity: ToolActivity): string {
  const input = (activity.input ?? {}) as { agent?: unknown; description?: unknown };
  const agent = typeof input.agent === 'string' ? input.agent : 'subagent';
  const description = typeof input.description === 'string' ? input.description : activity.name;
  return `${agent}: ${description}`;
}

function toolSegment(
  saved: ToolActivity,
  hooks: readonly ReplayHook[],
  titleOf: (activity: ToolActivity) => string,
): Segment {
  // A call that never ended (crash, kill) is replayed as interrupted, by hooks too.
  const activity: ToolActivity =
    saved.status === 'pending' ? { ...saved, status: 'interrupted' } : saved;
  for (const hook of hooks) {
    const segment = hook(activity);
    if (segment) return segment;
  }
  const outcome = commandOutcome(activity.summary, '')?.ending;
  return {
    kind: 'tool',
    id: activity.id,
    name: activity.name,
    title: titleOf(activity),
    state: activity.status === 'pending' ? 'interrupted' : activity.status,
    summary: activity.summary,
    ...(outcome !== undefined && activity.status !== 'denied' ? { outcome } : {}),
  };
}
