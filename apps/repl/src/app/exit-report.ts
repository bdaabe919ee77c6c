import path from 'node:path';
import { LAUNCH_DIR_VARIABLE } from '@agent/runtime/flags';
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

/**
 * How the REPL was started: the installed `agent` command, `node` with the bundle's path, or
 * `pnpm -s --filter repl start` in the checkout at `root`.
 */
export type Launcher =
  { kind: 'agent' } | { kind: 'node'; script: string } | { kind: 'checkout'; root: string };

/**
 * The launcher from the process: the checkout's start script sets the launch directory and runs in
 * `apps/repl` (pnpm runs a script in its package's folder); a script path named `agent` is the
 * installed command (npm's bin link); any other is the bundle run by `node`.
 */
export function launcherOf(launchedFromCheckout: boolean, cwd: string, script: string): Launcher {
  if (launchedFromCheckout) return { kind: 'checkout', root: path.resolve(cwd, '..', '..') };
  if (path.basename(script) === 'agent') return { kind: 'agent' };
  return { kind: 'node', script: path.resolve(script) };
}

/** How this process was started (see launcherOf). */
export function thisLauncher(env: NodeJS.ProcessEnv): Launcher {
  return launcherOf(Boolean(env[LAUNCH_DIR_VARIABLE]), process.cwd(), process.argv[1] ?? 'agent');
}

/**
 * The command that resumes `sessionId` the way the REPL was started, run from `runFrom` (the
 * directory it was started from): `agent --resume ID`, `node …/agent.js --resume ID`, or through
 * pnpm in the checkout (`-C` when that is not `runFrom`); with `--cwd` when the workspace is not
 * `runFrom`.
 */
export function resumeCommand(
  sessionId: string,
  workspace: string,
  runFrom: string,
  launcher: Launcher = { kind: 'agent' },
): string {
  const cwd = workspace === runFrom ? '' : ` --cwd ${shellWord(workspace)}`;
  return `${launchWords(launcher, runFrom)} --resume ${shellWord(sessionId)}${cwd}`;
}

function launchWords(launcher: Launcher, runFrom: string): string {
  switch (launcher.kind) {
    case 'agent':
      return 'agent';
    case 'node':
      return `node ${shellWord(launcher.script)}`;
    case 'checkout': {
      const at = launcher.root === runFrom ? '' : ` -C ${shellWord(launcher.root)}`;
      return `pnpm -s${at} --filter repl start --`;
    }
  }
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
