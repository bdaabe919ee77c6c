import type { RetainedCall, ToolActivity } from '@agent/llm';
import {
  parseQuestionnaire,
  questionnaireTitle,
  readSavedQuestionnaire,
} from '@agent/tool-contract';
import type {
  CallDisplay,
  CallEntry,
  CallEntryState,
  QuestionnaireCardState,
} from './transcript-entry';

/**
 * A call as its transcript entry. `ended`: whether its `tool_end` was recorded; `closed`: what
 * an open call became when the session was loaded (`open` when the resumed turn offers it
 * again), undefined while it runs live.
 */
export function callEntry(
  recorded: ToolActivity,
  steps: readonly string[],
  ended: boolean,
  display: CallDisplay,
  closed?: 'open' | 'interrupted',
): CallEntry {
  const state: CallEntryState = ended
    ? recorded.status === 'pending'
      ? 'interrupted'
      : recorded.status
    : (closed ?? 'running');
  const activity: ToolActivity = {
    ...recorded,
    status: state === 'running' || state === 'open' ? 'pending' : state,
  };
  const facts = {
    id: recorded.id,
    name: recorded.name,
    title: display.titleOf?.(activity) ?? recorded.name,
    input: recorded.input,
    state,
    summary: recorded.summary,
    steps: [...steps],
    activity,
    ...(recorded.approval ? { approval: { ...recorded.approval } } : {}),
    ...(recorded.answeredOn !== undefined ? { answeredOn: recorded.answeredOn } : {}),
  };
  const cards = display.cards ?? {};
  switch (Object.hasOwn(cards, recorded.name) ? cards[recorded.name] : undefined) {
    case 'questionnaire': {
      const saved = readSavedQuestionnaire(activity);
      // Titled by the questionnaire itself, so a front end without the tool (headless) agrees.
      const questionnaire = parseQuestionnaire(recorded.input);
      return {
        kind: 'questionnaire',
        ...facts,
        ...(questionnaire?.questions.length ? { title: questionnaireTitle(questionnaire) } : {}),
        card: cardState(state, saved),
        ...withSaved(saved),
      };
    }
    case 'plan': {
      const plan = (recorded.input as { plan?: unknown } | undefined)?.plan;
      return {
        kind: 'plan',
        ...facts,
        ...(typeof plan === 'string' ? { plan } : {}),
        ...(recorded.retainedDetails !== undefined ? { decision: recorded.retainedDetails } : {}),
      };
    }
    default:
      return { kind: 'tool', ...facts };
  }
}

/** A decision a checkpoint's ledger keeps, as the call it was (`output` as its result). */
export function keptCallEntry(kept: RetainedCall, output: string, display: CallDisplay): CallEntry {
  const activity: ToolActivity = {
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
  return callEntry(activity, [], true, display);
}

function withSaved<T>(saved: T | undefined): { saved?: T } {
  return saved === undefined ? {} : { saved };
}

function cardState(
  state: CallEntryState,
  saved: ReturnType<typeof readSavedQuestionnaire>,
): QuestionnaireCardState {
  if (state === 'running') return 'asking';
  if (state === 'open') return 'open';
  if (state === 'ok' && saved?.state === 'answered') {
    return saved.result.cancelled ? 'cancelled' : 'answered';
  }
  return 'interrupted';
}
