import { REDACTED_QUESTIONNAIRE_NOTE, type QuestionnaireSummary } from '@agent/tools';
import { wrapSpans, type Line, type Span } from '../text/line';
import { sanitizeOneLine as oneLine } from '../text/sanitize';
import { withVisibleWhitespace } from './look-alike';

/**
 * The compact, non-interactive account of an answered or cancelled questionnaire (also used to
 * replay saved sessions): a headline, then each question in its order with its answer, typed
 * answers marked, or (cancelled or interrupted) as not answered. `interrupted` is for a turn stopped (Ctrl+C) while the card was open;
 * `'unknown'` when the answers given before that were not saved. `answeredOn`: the front end
 * that answered it (the web page), when not this one.
 */
export function renderQuestionnaireSummary(
  summary: QuestionnaireSummary,
  width: number,
  options: { interrupted?: boolean | 'unknown'; answeredOn?: string } = {},
): Line[] {
  const w = Math.max(12, width);
  const where: Span[] = options.answeredOn
    ? [{ text: ` · answered on ${options.answeredOn}`, style: 'dim' }]
    : [];
  const head: Span[] = options.interrupted
    ? [
        { text: '■ ', style: 'warn' },
        { text: 'Questionnaire ', style: 'dim' },
        {
          text:
            options.interrupted === 'unknown'
              ? `interrupted (${summary.total} question${summary.total === 1 ? '' : 's'})`
              : `interrupted after ${summary.answered} of ${summary.total}`,
          style: 'warn',
        },
      ]
    : summary.cancelled
      ? [
          { text: '⊘ ', style: 'warn' },
          { text: 'Questionnaire ', style: 'dim' },
          { text: summary.headline, style: 'warn' },
        ]
      : [
          { text: '✓ ', style: 'ok' },
          { text: 'Questionnaire: ', style: 'dim' },
          { text: summary.headline, style: 'ok' },
        ];
  head.push(...where);
  const rows = wrapSpans(head, w, '  ');
  // Unanswered questions show where a stop left them, in their order among the answered ones.
  const unansweredShown = summary.cancelled || options.interrupted === true;
  for (const item of summary.inOrder) {
    if ('unanswered' in item && !unansweredShown) continue;
    rows.push(...wrapSpans([{ text: `  ${oneLine(item.question)}`, style: 'dim' }], w, '  '));
    if ('unanswered' in item) {
      rows.push([
        { text: '    ⊘ ', style: 'warn' },
        { text: 'not answered', style: 'dim' },
      ]);
      continue;
    }
    const answer: Span[] = [{ text: '    → ', style: 'dim' }];
    item.entries.forEach((entry, i) => {
      if (i > 0) answer.push({ text: ', ', style: 'dim' });
      // What the card showed is what the summary shows: hidden characters drawn, not flattened.
      const text = entry.hidden ? withVisibleWhitespace(entry.text) : oneLine(entry.text);
      answer.push({ text, style: 'bold' });
      if (entry.typed) answer.push({ text: ' (typed)', style: 'dim' });
    });
    rows.push(...wrapSpans(answer, w, '      '));
  }
  if (summary.redacted) {
    rows.push(
      ...wrapSpans([{ text: `  (${REDACTED_QUESTIONNAIRE_NOTE})`, style: 'warn' }], w, '  '),
    );
  }
  return rows;
}
