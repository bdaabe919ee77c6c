/** Characters stripTerminalControls acts on; text without them is returned as is. */
const ANY_CONTROL = /[\x00-\x09\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069\u200e\u200f\u061c]/;

let strip: ((text: string) => string) | undefined;

/**
 * Model and tool text is data: terminal control sequences, C0/C1 controls and bidi overrides
 * are removed by @agent/llm's stripTerminalControls (newlines kept, CR and tabs made harmless).
 * @agent/llm loads on the first text that needs it, so the first paint does not wait for it.
 */
export function sanitize(text: string): string {
  if (!ANY_CONTROL.test(text)) return text;
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  strip ??= (require('@agent/llm') as typeof import('@agent/llm')).stripTerminalControls;
  return strip(text);
}

/** Escapes blessed tag braces so `{red-fg}` in text is shown literally. */
export function escapeTags(text: string): string {
  return text.replace(/[{}]/g, (c) => (c === '{' ? '{open}' : '{close}'));
}
