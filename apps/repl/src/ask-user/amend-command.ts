import type { Amendment } from '@agent/llm';
import type { LastQuestionnaire } from '@agent/runtime';
import { answerAt, askPerson, type Answer, type PersonChannel } from '@agent/tools';

/** A prompt that corrects an earlier questionnaire, as `/amend` sends it. */
export interface AmendPrompt {
  prompt: string;
  display: string;
  amends: Amendment;
}

const shown = (answer: Answer | undefined): string =>
  answer === undefined ? '(no answer)' : JSON.stringify(answer);

/**
 * `/amend` (ASK_USER.md section 9): reopens the session's last resolved questionnaire with its
 * answers (as last amended); when the person changes any, the prompt that tells the model which
 * questions changed (old and new answer) and the corrected result. The original tool result is
 * not touched. `last`: the session's `lastQuestionnaire()`, as the runtime reads it. Undefined
 * when nothing is to be sent; `say` explains why.
 */
export async function amendLastQuestionnaire(
  last: LastQuestionnaire | undefined,
  person: PersonChannel,
  signal: AbortSignal,
  say: (text: string) => void,
): Promise<AmendPrompt | undefined> {
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
        custom: result.custom,
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
