import { retainedCalls, type Message, type RetainedCall } from '@agent/llm';
import { keptCallEntry } from '@agent/session';
import { answerIsTyped, type AnsweredQuestionnaire, type Questionnaire } from '@agent/tools';
import { TRANSCRIPT_CARDS } from './transcript-cards';

/** The conversation's last answered questionnaire, as it stands (`/amend`, `/remember`). */
export interface LastQuestionnaire {
  callId: string;
  questionnaire: Questionnaire;
  /**
   * Its answers with the person's latest amendment applied; `custom` has a flag for every entry
   * of `answers` (true: typed rather than picked).
   */
  result: AnsweredQuestionnaire & { custom: boolean[] };
  /** Whether `result` is an amendment rather than the call's own result. */
  amended: boolean;
}

/**
 * The last answered questionnaire of `history`, read from its decision ledger (`retainedCalls`:
 * the calls a checkpoint kept, then those after it, each with its latest amendment), so one
 * compacted away is found as the transcript shows it. Each call is read as the transcript reads
 * a kept call (`keptCallEntry`): whether it is a questionnaire is its entry's kind. Undefined
 * when no questionnaire was answered (a cancelled one with answers counts: it was resolved).
 */
export function lastQuestionnaire(history: readonly Message[]): LastQuestionnaire | undefined {
  const calls = retainedCalls(history);
  for (let i = calls.length - 1; i >= 0; i--) {
    const kept = calls[i]!;
    const amended = kept.amended === undefined ? undefined : answeredOf(kept, kept.amended);
    // An amendment that does not read back (cut at the session's line limit) leaves the call's
    // own answers, as the model got them before it.
    const saved = amended ?? answeredOf(kept, kept.output);
    if (!saved) continue;
    const { questionnaire, result } = saved;
    const custom = result.answers.map(
      (answer, k) => result.custom?.[k] ?? answerIsTyped(questionnaire.questions[k]!, answer),
    );
    return {
      callId: kept.id,
      questionnaire,
      result: { ...result, custom },
      amended: amended !== undefined,
    };
  }
  return undefined;
}

/** The questionnaire `kept` was, answered as `output` says; undefined when it reads no answer. */
function answeredOf(kept: RetainedCall, output: string) {
  const entry = keptCallEntry(kept, output, { cards: TRANSCRIPT_CARDS });
  if (entry.kind !== 'questionnaire' || entry.saved?.state !== 'answered') return undefined;
  return entry.saved;
}
