import { isAnswer, type Answer } from './answer';
import {
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
 * A saved questionnaire call (whatever its tool's name) as its questions and outcome;
 * undefined when it cannot be read back. A call that never ended (`pending`: a crash) counts as
 * interrupted.
 */
export function readSavedQuestionnaire(call: SavedCall): SavedQuestionnaire | undefined {
  const questionnaire = parseQuestionnaire(call.input);
  if (!questionnaire || questionnaire.questions.length === 0) return undefined;
  const output = call.retainedOutput ?? call.output;
  const parsed = output ? parseQuestionnaireResult(output) : undefined;
  const custom = recordedCustom(call.retainedDetails);
  const later = recordedLater(call.retainedDetails) ?? parsed?.later;
  const withLater = later?.length ? { later } : {};
  if (call.status === 'ok' && parsed) {
    const result = { ...parsed, ...(custom ? { custom } : {}), ...withLater };
    return { questionnaire, state: 'answered', result };
  }
  if (call.status === 'interrupted' || call.status === 'pending') {
    return {
      questionnaire,
      state: 'interrupted',
      ...(parsed ? { answers: parsed.answers } : {}),
      ...(custom ? { custom } : {}),
      ...withLater,
    };
  }
  return undefined;
}

/** The session's record of the answers given out of order, with their typed flags. */
function recordedLater(details: unknown): LaterAnswer[] | undefined {
  const later = (details as { later?: unknown } | undefined)?.later;
  if (!Array.isArray(later)) return undefined;
  const valid = later.every(
    (entry: { question?: unknown; answer?: unknown; custom?: unknown }) =>
      typeof entry === 'object' &&
      entry !== null &&
      Number.isInteger(entry.question) &&
      isAnswer(entry.answer) &&
      (entry.custom === undefined || typeof entry.custom === 'boolean'),
  );
  return valid ? (later as LaterAnswer[]) : undefined;
}

/** The session's record of which answers were typed, when it has one. */
function recordedCustom(details: unknown): boolean[] | undefined {
  const custom = (details as { custom?: unknown } | undefined)?.custom;
  return Array.isArray(custom) && custom.every((flag) => typeof flag === 'boolean')
    ? custom
    : undefined;
}
