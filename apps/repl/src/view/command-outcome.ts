import { formatElapsed } from './status-line';

/**
 * How a finished command ended, read from its `run_shell` result: the summary ends in
 * `: exit code N` (or `timed out after …`, `killed by …`, `aborted`, `failed to start`) and the
 * output ends in the same fact in brackets. The one-row command line shows the fact once; the
 * output shown under it drops the bracketed copy (the model still gets the whole output).
 */
export interface CommandOutcome {
  /** `exit 0`, `exit 1`, `timed out after 2 s`, `killed by SIGKILL`, `aborted`. */
  ending: string;
  /** The output without its bracketed ending and without `(no output)`. */
  body: string;
}

// `$ cmd: exit code 1` from run_shell (with what the sandbox blocked in parentheses), or the
// closing note alone (`exit code 1; ran sandboxed`) for a person's `!cmd`.
const SUMMARY_ENDING =
  /(?:^|: )(exit code (\d+)|timed out after [^();]+|killed by [^\s();]+|aborted|failed to start)(?:;[^()]*)?(?: \(([^()]*)\))?$/;
// The closing note (`[exit code 0; ran sandboxed]`) and the sandbox's line after it, if any.
const OUTPUT_ENDING =
  /\n\n\[(?:exit code \d+|timed out after|killed by|aborted)([^\n]*)\](?:\n\[([^\n]*)\])?$/;

/** The outcome of a command's result, or undefined when the summary is not a command's. */
export function commandOutcome(
  summary: string | undefined,
  output: string,
): CommandOutcome | undefined {
  const match = summary ? SUMMARY_ENDING.exec(summary) : null;
  if (!match) return undefined;
  const parts = [match[2] !== undefined ? `exit ${match[2]}` : match[1]!];
  const note = OUTPUT_ENDING.exec(output);
  if (note?.[1]?.includes('ran sandboxed')) parts.push('sandboxed');
  if (match[3]) parts.push(match[3]);
  // The sandbox's line stays with the output (what it allowed, what it blocked).
  const body = note ? output.slice(0, note.index) + (note[2] ? `\n\n${note[2]}` : '') : output;
  return { ending: parts.join(' · '), body: body.trim() === '(no output)' ? '' : body };
}

/** `0.4 s`, `2.1 s`, `12 s`, `1m 05s`: how long a command ran. */
export function formatDuration(ms: number): string {
  const seconds = ms / 1000;
  if (seconds < 10) return `${seconds.toFixed(1)} s`;
  if (seconds < 60) return `${Math.floor(seconds)} s`;
  return formatElapsed(ms);
}
