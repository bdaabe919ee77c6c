import type { Segment } from '../view/segment';
import { sanitize } from '../text/sanitize';

/**
 * The OSC 52 sequence that puts `text` on the terminal's clipboard. Inside tmux it is sent
 * plainly: tmux takes it when `set-clipboard` is `on` (into a paste buffer and on to the outer
 * terminal), rather than a DCS passthrough that also needs `allow-passthrough`.
 */
export function osc52(text: string): string {
  return `\x1b]52;c;${Buffer.from(text, 'utf8').toString('base64')}\x07`;
}

/** The text of the last assistant answer in the transcript (sanitized), if any. */
export function lastAnswer(segments: readonly Segment[]): string | undefined {
  for (let i = segments.length - 1; i >= 0; i--) {
    const segment = segments[i]!;
    if (segment.kind === 'assistant' && segment.text.trim() !== '') return sanitize(segment.text);
  }
  return undefined;
}
