import type { PersonShellRecord } from './schema';

/**
 * How a person's `!command` ended, read from the shell tool's output: the closing note
 * (`[exit code 0]`) becomes the plain summary and the status, and the output is shown without it.
 * `aborted`: the person interrupted it (whatever the note says).
 */
export function personShellEnding(
  command: string,
  output: string,
  aborted = false,
): PersonShellRecord {
  const note = /\n\n\[([^\n]*)\]$/.exec(output);
  let status: PersonShellRecord['status'];
  let summary: string;
  let shown: string;
  if (note) {
    summary = note[1]!;
    shown = output.slice(0, note.index);
    if (summary === 'exit code 0') status = 'ok';
    else if (summary.startsWith('aborted')) status = 'interrupted';
    else status = 'error';
  } else {
    // Nothing ran (bash did not start): the one line is the whole story.
    status = 'error';
    summary = output.split('\n')[0] ?? '';
    shown = output.includes('\n') ? output : '';
  }
  if (aborted) status = 'interrupted';
  return { command, status, summary, output: shown };
}
