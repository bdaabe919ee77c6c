import { savedQuestionnaire, type SavedCall, type SavedQuestionnaire } from '@agent/askuser';
import { parseQuestionnaire, summarizeQuestionnaire } from '@agent/tools';

/**
 * An `ask_user` call as the compact text an editor shows in place of the live form, live and on
 * replay alike: the outcome, then each question with its answer (typed ones marked). Undefined
 * for another tool or a call that cannot be read back.
 */
export function questionnaireSummaryText(call: SavedCall): string | undefined {
  const saved = savedQuestionnaire(call);
  return saved ? savedQuestionnaireText(saved) : undefined;
}

/** A questionnaire read back (a transcript entry's `saved`) as that compact text. */
export function savedQuestionnaireText(saved: SavedQuestionnaire): string {
  const interrupted = saved.state === 'interrupted';
  const result =
    saved.state === 'answered'
      ? saved.result
      : {
          answers: saved.answers ?? [],
          cancelled: true,
          ...(saved.custom ? { custom: saved.custom } : {}),
          ...(saved.later ? { later: saved.later } : {}),
        };
  const summary = summarizeQuestionnaire(saved.questionnaire, result);
  const head = interrupted
    ? saved.answers
      ? `Questionnaire interrupted after ${summary.answered} of ${summary.total}`
      : `Questionnaire interrupted (${summary.total} question${summary.total === 1 ? '' : 's'})`
    : summary.cancelled
      ? `Questionnaire ${summary.headline}`
      : `Questionnaire: ${summary.headline}`;
  const lines = [head];
  for (const item of summary.items) {
    // An entry with hidden characters is quoted exactly, so the editor shows what was sent.
    const entries = item.entries.map(
      (entry) =>
        `${entry.hidden ? JSON.stringify(entry.text) : entry.text}${entry.typed ? ' (typed)' : ''}`,
    );
    lines.push(`- ${item.question}`, `  → ${entries.join(', ')}`);
  }
  if (summary.cancelled && summary.unanswered.length > 0) {
    lines.push(`Not answered: ${summary.unanswered.join(' · ')}`);
  }
  return lines.join('\n');
}

/** The title of an `ask_user` call: how many questions it asks. */
export function questionnaireTitle(input: unknown): string | undefined {
  const count = parseQuestionnaire(input)?.questions.length;
  if (!count) return undefined;
  return `Asking ${count} question${count === 1 ? '' : 's'}`;
}
