import type { CommandAnalysis } from './simple-commands';

/** Targets a command may write without writing a file. */
const HARMLESS_TARGETS = new Set(['/dev/null', '/dev/stdout', '/dev/stderr', '/dev/tty']);

/**
 * Records that the line writes `target` (a redirection, `time -o FILE`, `script`'s typescript):
 * undefined is a file only named at run time; the null device and the terminal write no file.
 */
export function noteWrite(analysis: CommandAnalysis, target: string | undefined): void {
  if (target !== undefined && HARMLESS_TARGETS.has(target)) return;
  analysis.writes.push(target);
}
