import { savedQuestionnaire } from '@agent/askuser';
import type { Amendment, Message, ToolActivity } from '@agent/llm';
import {
  answerAt,
  answerIsTyped,
  askPerson,
  parseQuestionnaireResult,
  type Answer,
  type PersonChannel,
  type Questionnaire,
  type QuestionnaireResult,
} from '@agent/tools';

/** A prompt that corrects an earlier questionnaire, as `/amend` sends it. */
export interface AmendPrompt {
  prompt: string;
  display: string;
  amends: Amendment;
}

/** The session's last resolved questionnaire, with its answers as last amended (`/amend`, `/remember`). */
export interface LastQuestionnaire {
  callId: string;
  questionnaire: Questionnaire;
  result: QuestionnaireResult;
  custom: boolean[];
}

export function lastQuestionnaire(history: readonly Message[]): LastQuestionnaire | undefined {
  for (let i = history.length - 1; i >= 0; i--) {
    const message = history[i]!;
    if (message.role !== 'assistant') continue;
    for (let j = message.toolCalls.length - 1; j >= 0; j--) {
      const call: ToolActivity = message.toolCalls[j]!;
      const saved = savedQuestionnaire(call);
      if (saved?.state !== 'answered') continue;
      const amended = latestAmendment(history.slice(i + 1), call.id);
      const result = amended ?? saved.result;
      const custom = result.answers.map(
        (answer, k) =>
          (amended ? undefined : saved.result.custom?.[k]) ??
          answerIsTyped(saved.questionnaire.questions[k]!, answer),
      );
      return { callId: call.id, questionnaire: saved.questionnaire, result, custom };
    }
  }
  return undefined;
}

function latestAmendment(
  after: readonly Message[],
  callId: string,
): QuestionnaireResult | undefined {
  let found: QuestionnaireResult | undefined;
  for (const message of after) {
    if (message.role === 'user' && message.amends?.callId === callId) {
      found = parseQuestionnaireResult(message.amends.output) ?? found;
    }
  }
  return found;
}

const shown = (answer: Answer | undefined): string =>
  answer === undefined ? '(no answer)' : JSON.stringify(answer);

/**
 * `/amend` (ASK_USER.md section 9): reopens the session's last resolved questionnaire with its
 * answers (as last amended); when the person changes any, the prompt that tells the model which
 * questions changed (old and new answer) and the corrected result. The original tool result is
 * not touched. Undefined when nothing is to be sent; `say` explains why.
 */
export async function amendLastQuestionnaire(
  history: readonly Message[],
  person: PersonChannel,
  signal: AbortSignal,
  say: (text: string) => void,
): Promise<AmendPrompt | undefined> {
  const last = lastQuestionnaire(history);
  if (!last) {
    say('/amend: this session has no answered questionnaire to amend.');
    return undefined;
  }
  const { questionnaire, result } = last;
  const outcome = await askPerson(
    person,
    'questionnaire',
    {
      questionnaire,
      answered: {
        answers: result.answers,
        custom: last.custom,
        ...(result.later ? { later: result.later } : {}),
      },
      review: true,
    },
    { signal },
  );
  if (outcome.cancelled) {
    say('/amend cancelled: the answers stay as they were; nothing was sent.');
    return undefined;
  }
  const changed = questionnaire.questions.flatMap((q, i) => {
    const before = answerAt(result, i);
    const after = outcome.answers[i];
    return shown(before) === shown(after)
      ? []
      : [`- ${JSON.stringify(q.question)}: was ${shown(before)}, now ${shown(after)}`];
  });
  if (changed.length === 0) {
    say('/amend: no answer changed; nothing was sent.');
    return undefined;
  }
  const output = JSON.stringify({ answers: outcome.answers, cancelled: false });
  const prompt = [
    `I have corrected my answers to your earlier questions (ask_user call ${last.callId}). These replace the answers I gave there:`,
    ...changed,
    `The corrected result: ${output}`,
  ].join('\n');
  return { prompt, display: prompt, amends: { callId: last.callId, output } };
}
