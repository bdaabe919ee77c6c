import { isAnswer, type Answer } from './answer';
import {
  isLaterAnswers,
  parseQuestionnaire,
  parseQuestionnaireResult,
  type AnsweredQuestionnaire,
  type LaterAnswer,
  type Questionnaire,
} from './questionnaire';

/** A saved tool call as sessions keep it (the fields of a ToolActivity this reads). */
export interface SavedCall {
  name: string;
  input: unknown;
  status: string;
  output?: string;
  retainedOutput?: string;
  retainedDetails?: unknown;
}

/** A saved questionnaire call read back: its questions and how it ended. */
export type SavedQuestionnaire =
  | { questionnaire: Questionnaire; state: 'answered'; result: AnsweredQuestionnaire }
  | {
      questionnaire: Questionnaire;
      state: 'interrupted';
      /** The answers given before the interrupt, as the model got them; unknown in older files. */
      answers?: Answer[];
      custom?: boolean[];
      /** The answers given out of order, after the first question without one. */
      later?: LaterAnswer[];
    };

/**
 * A saved questionnaire call (whatever its tool's name) as its questions and outcome; undefined
 * when it cannot be read back. The outcome is the call's recorded data (`retainedDetails`:
 * answers, cancelled, typed flags, later answers; sessions record it, and fill it in for files
 * older than it). Only a call without one (an `/amend` correction, which is text, shown as the
 * call's result) is read from its output text. A call that never ended (`pending`: a crash)
 * counts as interrupted.
 */
export function readSavedQuestionnaire(call: SavedCall): SavedQuestionnaire | undefined {
  const questionnaire = parseQuestionnaire(call.input);
  if (!questionnaire || questionnaire.questions.length === 0) return undefined;
  const recorded = recordedOutcome(call.retainedDetails) ?? textOutcome(call);
  const custom = recorded?.custom ? { custom: recorded.custom } : {};
  const later = recorded?.later?.length ? { later: recorded.later } : {};
  if (call.status === 'ok' && recorded) {
    const result = {
      answers: recorded.answers,
      cancelled: recorded.cancelled,
      ...custom,
      ...later,
    };
    return { questionnaire, state: 'answered', result };
  }
  if (call.status === 'interrupted' || call.status === 'pending') {
    return {
      questionnaire,
      state: 'interrupted',
      ...(recorded ? { answers: recorded.answers } : {}),
      ...custom,
      ...later,
    };
  }
  return undefined;
}

/** The outcome an output text stands for, with the typed flags the details have, if any. */
function textOutcome(call: SavedCall): AnsweredQuestionnaire | undefined {
  const output = call.retainedOutput ?? call.output;
  const parsed = output === undefined ? undefined : parseQuestionnaireResult(output);
  if (!parsed) return undefined;
  const custom = recordedCustom(call.retainedDetails);
  const later = recordedLater(call.retainedDetails) ?? parsed.later;
  return {
    answers: parsed.answers,
    cancelled: parsed.cancelled,
    ...(custom ? { custom } : {}),
    ...(later?.length ? { later } : {}),
  };
}

/** The recorded outcome of the call, when its details are one. */
function recordedOutcome(details: unknown): AnsweredQuestionnaire | undefined {
  if (typeof details !== 'object' || details === null) return undefined;
  const { answers, cancelled } = details as { answers?: unknown; cancelled?: unknown };
  if (!Array.isArray(answers) || !answers.every(isAnswer) || typeof cancelled !== 'boolean') {
    return undefined;
  }
  const custom = recordedCustom(details);
  const later = recordedLater(details);
  return { answers, cancelled, ...(custom ? { custom } : {}), ...(later ? { later } : {}) };
}

/** The session's record of the answers given out of order, with their typed flags. */
function recordedLater(details: unknown): LaterAnswer[] | undefined {
  const later = (details as { later?: unknown } | undefined)?.later;
  return isLaterAnswers(later) ? later : undefined;
}

/** The session's record of which answers were typed, when it has one. */
function recordedCustom(details: unknown): boolean[] | undefined {
  const custom = (details as { custom?: unknown } | undefined)?.custom;
  return Array.isArray(custom) && custom.every((flag) => typeof flag === 'boolean')
    ? custom
    : undefined;
}
