/** Per-string-field bound applied to tool inputs kept in turn memory. */
export const INPUT_FIELD_LIMIT = 4096;

/**
 * Returns a copy of `input` whose every string (at any depth) is at most `limit` characters,
 * longer ones cut with a marker saying how much was dropped. Non-string leaves are kept.
 */
export function boundInput(input: unknown, limit = INPUT_FIELD_LIMIT): unknown {
  if (typeof input === 'string') return boundString(input, limit);
  if (Array.isArray(input)) return input.map((item) => boundInput(item, limit));
  if (input !== null && typeof input === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(input)) out[key] = boundInput(value, limit);
    return out;
  }
  return input;
}

export function boundString(text: string, limit = INPUT_FIELD_LIMIT): string {
  if (text.length <= limit) return text;
  const dropped = text.length - limit;
  return `${text.slice(0, limit)}\n[... ${dropped} more characters not kept in history]`;
}
