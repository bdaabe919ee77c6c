import type { Decision } from './decision-file';

/** The most characters the decisions take in a system prompt. */
export const DECISIONS_PROMPT_CHARS = 4000;

const HEAD =
  'Decisions the person made in earlier sessions and chose to keep (exact question → exact answer, as JSON). Act on them: do not ask these questions again (with ask_user or otherwise) unless the task conflicts with a decision; then ask, and say which decision it conflicts with.';

/** The day a decision was made, as the person reads it (`2026-12-01`). */
export function decisionDate(decision: Decision): string {
  return decision.decidedAt.slice(0, 10);
}

/** Where a decision applies, in the person's words. */
export function scopeLabel(decision: Decision): string {
  return decision.scope === 'global' ? 'every project' : 'this project';
}

/**
 * The system prompt's section for the decisions in force, bounded to `limit` characters: the
 * decisions that do not fit are left out and counted (the latest kept are the ones kept in).
 * Empty when there are none.
 */
export function decisionsPromptSection(
  decisions: readonly Decision[],
  limit = DECISIONS_PROMPT_CHARS,
): string {
  if (decisions.length === 0) return '';
  const newestFirst = [...decisions].sort((a, b) => b.decidedAt.localeCompare(a.decidedAt));
  const lines: string[] = [];
  let used = HEAD.length;
  let left = 0;
  for (const decision of newestFirst) {
    const line = `- ${JSON.stringify(decision.question)} → ${JSON.stringify(decision.answer)} (${scopeLabel(decision)}, decided ${decisionDate(decision)})`;
    if (used + line.length + 1 > limit) {
      left++;
      continue;
    }
    lines.push(line);
    used += line.length + 1;
  }
  const tail =
    left > 0
      ? [
          `(${left} more kept decision${left === 1 ? ' is' : 's are'} left out of this prompt for size.)`,
        ]
      : [];
  return [HEAD, ...lines, ...tail].join('\n');
}
