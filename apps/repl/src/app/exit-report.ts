import type { Line } from '../text/line';
import { sgr } from '../text/palette';
import type { Transcript } from '../view/transcript';

/** C0 and C1 controls: never printed from text, whatever reached a span. */
const CONTROLS = /[\x00-\x1f\x7f-\x9f]/g;

/** One rendered row as terminal text: each span in its basic colours, controls removed. */
export function printableRow(line: Line, color: boolean): string {
  let out = '';
  for (const span of line) {
    const text = span.text.replace(CONTROLS, '');
    const on = color ? sgr(span.style) : '';
    out += on ? `${on}${text}\x1b[0m` : text;
  }
  return out.replace(/ +$/, '');
}

/** The whole conversation as the transcript renders it at `width`, one row per line. */
export function conversationText(transcript: Transcript, width: number, color: boolean): string {
  const rows: string[] = [];
  for (const segment of transcript.segments) {
    for (const line of transcript.linesOf(segment, width, 0)) rows.push(printableRow(line, color));
  }
  return rows.length > 0 ? `${rows.join('\n')}\n` : '';
}

/** A shell word: as is when safe, else single-quoted. */
function shellWord(word: string): string {
  return /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replace(/'/g, "'\\''")}'`;
}

/** How the REPL was started: the installed `agent`, or `pnpm -s --filter repl start` in a checkout. */
export type Launcher = 'agent' | 'checkout';

/**
 * The command that resumes `sessionId` the way the REPL was started (`agent --resume ID`, or
 * through pnpm in the checkout), with `--cwd` when the workspace is not the directory the
 * command will be run from.
 */
export function resumeCommand(
  sessionId: string,
  workspace: string,
  runFrom: string,
  launcher: Launcher = 'agent',
): string {
  const cwd = workspace === runFrom ? '' : ` --cwd ${shellWord(workspace)}`;
  const command = launcher === 'agent' ? 'agent' : 'pnpm -s --filter repl start --';
  return `${command} --resume ${shellWord(sessionId)}${cwd}`;
}

/** What is printed on the normal screen after the REPL closes. */
export function exitReport(options: {
  transcript: Transcript;
  width: number;
  color: boolean;
  sessionId: string | undefined;
  /** Why the session was not saved (a full disk, a read-only AGENT_HOME), if it was not. */
  saveProblem?: Error | undefined;
  workspace: string;
  runFrom: string;
  launcher?: Launcher;
}): string {
  const conversation = conversationText(options.transcript, options.width, options.color);
  if (!options.sessionId) return `${conversation}\nNothing was sent, so no session was saved.\n`;
  if (options.saveProblem) {
    const cause = options.saveProblem.cause;
    const why = cause instanceof Error ? cause.message : options.saveProblem.message;
    return `${conversation}\nSession ${options.sessionId} was not saved (${why}): it cannot be resumed.\n`;
  }
  const command = resumeCommand(
    options.sessionId,
    options.workspace,
    options.runFrom,
    options.launcher,
  );
  return `${conversation}\nSession ${options.sessionId} saved. Resume it with:\n  ${command}\n`;
}
