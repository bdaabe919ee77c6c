import type { QuestionnaireModel } from '@agent/askuser';
import { lineWidth, wrapSpans, type Line, type Span } from '../text/line';
import { sanitize } from '../text/sanitize';

/** Words that start a question but say nothing about it. */
const FILLER = new Set(
  (
    'which what whats how where when who whom whose why if should shall would will could can ' +
    'may might must do does did is are was were be been the a an we you i it its our your my ' +
    'they their them this that these those to of for in on at by with and or use please there any'
  ).split(' '),
);

const LABEL_CHARS = 12;

/**
 * A short label for a question in the strip: its first word that is not a question word or an
 * article ("Which database should we use?" gives `database`, "Where should it deploy first?"
 * gives `deploy`), at most twelve characters.
 */
export function questionLabel(question: string, index: number): string {
  const words = sanitize(question).match(/[\p{L}\p{N}][\p{L}\p{N}_.+#-]*/gu) ?? [];
  const word = words.find((w) => !FILLER.has(w.toLowerCase())) ?? words[0];
  if (!word) return `Q${index + 1}`;
  const chars = Array.from(word);
  return chars.length > LABEL_CHARS ? `${chars.slice(0, LABEL_CHARS - 1).join('')}…` : word;
}

function entry(model: QuestionnaireModel, index: number, text: string): Span[] {
  const current = index === model.questionIndex;
  const answered = model.answerAt(index) !== undefined;
  const mark: Span = answered ? { text: '✓', style: 'ok' } : { text: '·', style: 'dim' };
  const label: Span = current
    ? { text: `[${text}]`, style: 'selected' }
    : { text, style: answered ? 'plain' : 'dim' };
  return [mark, label];
}

/**
 * The strip of every question of the card (ASK_USER.md section 9): a label per question, the
 * current one in brackets, answered ones ticked (`✓database  ·[checks]  ·else`). Too wide for
 * `inner` columns, the labels become numbers; none for a single question.
 */
export function questionStrip(model: QuestionnaireModel, inner: number): Line[] {
  if (model.total < 2) return [];
  const gap: Span = { text: '  ' };
  const build = (labels: string[]): Span[] =>
    labels.flatMap((label, i) => [...(i > 0 ? [gap] : []), ...entry(model, i, label)]);
  const words = build(model.questionnaire.questions.map((q, i) => questionLabel(q.question, i)));
  if (lineWidth(words) <= inner) return [words];
  return wrapSpans(build(model.questionnaire.questions.map((_, i) => String(i + 1))), inner, '');
}
