/*
 * The result an interrupted call gives the model: a note that the person stopped the turn, and
 * what the tool reported when it stopped (a command's output so far). Front ends show the person
 * the tool's own output, not the note meant for the model.
 */

const NOTE = 'interrupted: the person stopped the turn before ';
const REPORTED = '; what it reported when it stopped:\n';

/** The model's text for a call to `name` the turn's interrupt ended, with what it reported. */
export function interruptedOutput(name: string, reported?: string): string {
  const output = `${NOTE}${name} finished`;
  return reported ? `${output}${REPORTED}${reported}` : output;
}

/**
 * What the tool itself reported in an interrupted call's `output` (see interruptedOutput), ''
 * when it reported nothing; any other output is returned as it is.
 */
export function reportedWhenInterrupted(output: string): string {
  if (!output.startsWith(NOTE)) return output;
  const at = output.indexOf(REPORTED);
  return at < 0 ? '' : output.slice(at + REPORTED.length);
}
