import { parseQuestionnaireResult, type AnsweredQuestionnaire } from '@agent/tool-contract';

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
 */
export const UPGRADES: ReadonlyMap<number, Upgrade> = new Map([[1, answersAsData]]);

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
