/** The longest run of backticks in `text`. */
function longestTickRun(text: string): number {
  return Math.max(0, ...[...text.matchAll(/`+/g)].map((match) => match[0].length));
}

/**
 * `text` as a Markdown code span, so names like `__init__.py` are not read as emphasis: the fence
 * is one backtick longer than any run inside, padded when the text starts or ends with one.
 */
export function codeSpan(text: string): string {
  const fence = '`'.repeat(longestTickRun(text) + 1);
  const pad = text.startsWith('`') || text.endsWith('`') ? ' ' : '';
  return `${fence}${pad}${text}${pad}${fence}`;
}

/** `text` as a fenced Markdown code block (its lines shown as they are). */
export function codeBlock(text: string): string {
  const fence = '`'.repeat(Math.max(3, longestTickRun(text) + 1));
  return `${fence}\n${text.replace(/\n+$/, '')}\n${fence}`;
}
