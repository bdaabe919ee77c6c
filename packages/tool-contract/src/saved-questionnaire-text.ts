import { summarizeQuestionnaire } from './questionnaire';
import type { SavedQuestionnaire } from './saved-questionnaire';

/**
 * A questionnaire read back (a transcript entry's `saved`) as the compact text a front end shows
 * where no card is drawn, live and on replay alike: the outcome (answered, cancelled after K of
 * M, interrupted), then each question in its order with its answer (typed ones marked), or as not
 * answered where a cancel or an interrupt left it so. An amended answer is the call's corrected
 * result, worded the same.
 */
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
  for (const item of summary.inOrder) {
    if ('unanswered' in item) {
      // Where a stop left it, in its order among the answered ones (as the terminal draws it).
      if (summary.cancelled) lines.push(`- ${item.question}`, '  ⊘ not answered');
      continue;
    }
    // An entry with hidden characters is quoted exactly, so the reader sees what was sent.
    const entries = item.entries.map(
      (entry) =>
        `${entry.hidden ? JSON.stringify(entry.text) : entry.text}${entry.typed ? ' (typed)' : ''}`,
    );
    lines.push(`- ${item.question}`, `  → ${entries.join(', ')}`);
  }
  return lines.join('\n');
}
