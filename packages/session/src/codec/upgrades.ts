import { parseQuestionnaireResult, type AnsweredQuestionnaire } from '@agent/tool-contract';
import { personShellEnding } from '../person-shell-ending';

export type RawEvent = Record<string, unknown>;

/** Rewrites one event of version N into version N+1 (the map key is N). */
export type Upgrade = (event: RawEvent) => RawEvent;

/**
 * Every format change adds one entry here and a fixture folder under test/fixtures, so files of
 * every earlier version keep loading.
 *
 * 1 -> 2: an ask_user call's outcome becomes data. Version 1 kept only the model-facing output
 * text (and which answers were typed, in `retainedDetails`); version 2 records the answers in
 * `tool_end.questionnaire`, and in the details of a retained call (an assistant message's call,
 * a checkpoint's decision). This is the one place that reads a saved output text back.
 *
 * 2 -> 3: a person's `!command` becomes data. Version 2 kept it as a user event (`display`
 * `!cmd`, `text` the command and output as the model read them); version 3 adds
 * `user.shell` (command, how it ended, the output shown), read back here from that text.
 *
 * 3 -> 4: how a call's approval went becomes data (`tool_end.approval`, and `answeredOn` for a
 * card of the call's own). Version 3 kept nothing of it, not even in text: its calls stay
 * without one, and replay shows none.
 */
export const UPGRADES: ReadonlyMap<number, Upgrade> = new Map([
  [1, answersAsData],
  [2, shellAsData],
  [3, (event: RawEvent) => event],
]);

/** How versions 1 and 2 wrote a person's command for the model; the output follows it. */
function v2ShellHead(command: string): string {
  return `I ran this shell command in the workspace myself:\n$ ${command}\n`;
}

function shellAsData(event: RawEvent): RawEvent {
  const { type, display, text } = event;
  if (type !== 'user' || typeof display !== 'string' || typeof text !== 'string') return event;
  if (!display.startsWith('!')) return event;
  const command = display.slice(1);
  const head = v2ShellHead(command);
  if (!text.startsWith(head)) return event;
  return { ...event, shell: personShellEnding(command, text.slice(head.length)) };
}

const ASK_USER = 'ask_user';

function answersAsData(event: RawEvent): RawEvent {
  switch (event.type) {
    case 'tool_end': {
      const { retainedDetails, ...rest } = event;
      const answers = outcome(event.retainedOutput, retainedDetails);
      return answers ? { ...rest, questionnaire: answers } : event;
    }
    case 'assistant': {
      const message = event.message as { toolCalls?: unknown } | undefined;
      if (!Array.isArray(message?.toolCalls)) return event;
      if (!message.toolCalls.some((call: RawEvent) => isObject(call) && call.name === ASK_USER)) {
        return event;
      }
      const toolCalls = message.toolCalls.map((call: RawEvent) =>
        isObject(call) && call.name === ASK_USER
          ? withDetails(call, 'retainedOutput', 'retainedDetails')
          : call,
      );
      return { ...event, message: { ...message, toolCalls } };
    }
    case 'checkpoint': {
      if (!Array.isArray(event.decisions)) return event;
      const decisions = event.decisions.map((kept: RawEvent) =>
        isObject(kept) && kept.name === ASK_USER ? withDetails(kept, 'output', 'details') : kept,
      );
      return { ...event, decisions };
    }
    default:
      return event;
  }
}

function withDetails(call: RawEvent, outputKey: string, detailsKey: string): RawEvent {
  const answers = outcome(call[outputKey], call[detailsKey]);
  return answers ? { ...call, [detailsKey]: answers } : call;
}

/**
 * The outcome an ask_user output text and its version-1 details (`{custom, later}`) stand for.
 * A `tool_end` names no tool: an output that reads as a questionnaire result, with details of
 * ask_user's shape or none, is taken as one (no other tool writes such JSON).
 */
function outcome(output: unknown, details: unknown): AnsweredQuestionnaire | undefined {
  if (typeof output !== 'string') return undefined;
  if (details !== undefined && !(isObject(details) && Array.isArray(details.custom))) {
    return undefined;
  }
  const parsed = parseQuestionnaireResult(output);
  if (!parsed) return undefined;
  const kept = details as
    { custom?: boolean[]; later?: AnsweredQuestionnaire['later'] } | undefined;
  const later = kept?.later ?? parsed.later;
  return {
    answers: parsed.answers,
    cancelled: parsed.cancelled,
    ...(kept?.custom ? { custom: kept.custom } : {}),
    ...(later?.length ? { later } : {}),
  };
}

function isObject(value: unknown): value is RawEvent {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
