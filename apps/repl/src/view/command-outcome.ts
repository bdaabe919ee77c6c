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

// `$ cmd: exit code 1` from run_shell, or `exit code 1` alone for a person's `!cmd`.
const SUMMARY_ENDING =
  /(?:^|: )(exit code (\d+)|timed out after .+|killed by .+|aborted.*|failed to start)$/;
const OUTPUT_ENDING =
  /\n\n\[(exit code \d+|timed out after [^\n]*|killed by [^\n]*|aborted[^\n]*)\]$/;

/** The outcome of a command's result, or undefined when the summary is not a command's. */
export function commandOutcome(
  summary: string | undefined,
  output: string,
): CommandOutcome | undefined {
  const match = summary ? SUMMARY_ENDING.exec(summary) : null;
  if (!match) return undefined;
  const ending = match[2] !== undefined ? `exit ${match[2]}` : match[1]!.split(';')[0]!;
  const body = output.replace(OUTPUT_ENDING, '');
  return { ending, body: body.trim() === '(no output)' ? '' : body };
}

/** `0.4 s`, `2.1 s`, `12 s`, `1m 05s`: how long a command ran. */
export function formatDuration(ms: number): string {
  const seconds = ms / 1000;
  if (seconds < 10) return `${seconds.toFixed(1)} s`;
  if (seconds < 60) return `${Math.floor(seconds)} s`;
  return formatElapsed(ms);
}
