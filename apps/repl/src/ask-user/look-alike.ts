import { controlNotation, splitControls } from '@agent/llm/text';
import { sanitize } from '../text/sanitize';

/** What an option looks like on one card row: controls gone, whitespace runs as one space. */
function appearance(text: string): string {
  return sanitize(text)
    .replace(/\p{Cf}/gu, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * `text` with every space (`␠`), line break (`⏎`), tab (`→`), special space such as a no-break
 * space (`⍽`) and hidden character drawn visibly.
 */
export function withVisibleWhitespace(text: string): string {
  return splitControls(text)
    .map((piece) =>
      piece.control
        ? piece.text === '\t'
          ? '→'
          : controlNotation(piece.text)
        : piece.text
            .replace(/ /g, '␠')
            .replace(/\r\n|\n/g, '⏎')
            .replace(/\t/g, '→')
            // A no-break or other special space is not a plain space: drawn apart from ␠.
            .replace(/[^\S \r\n\t]/g, '⍽'),
    )
    .join('');
}

/**
 * The labels of one question's options as the card draws them (ASK_USER.md section 9): an
 * option that would look like another of the same question on screen (`ok` and `ok `, a line
 * break and a space, a tab and spaces) has its whitespace and hidden characters drawn (`␠`,
 * `⏎`, `→`); undefined for an option drawn as it is.
 */
export function distinctLabels(options: readonly string[]): Array<string | undefined> {
  const looks = options.map(appearance);
  return options.map((option, i) =>
    looks.some((look, j) => j !== i && look === looks[i])
      ? withVisibleWhitespace(option)
      : undefined,
  );
}
