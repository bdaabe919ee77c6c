import type { ShellEntry } from '@agent/session';
import type { Segment } from '../view/segment';
import { callEnding } from './call-ending';

/**
 * A person's `!command` under their line, live and replayed alike: its status line (`! cmd`,
 * one row with how it ended) and its output, folded as a model's command's (Ctrl+O shows it
 * all). `duration`: how long it ran (live).
 */
export function shellSegments(
  entry: Pick<ShellEntry, 'id' | 'command' | 'state' | 'summary' | 'output'>,
  duration?: string,
): Segment[] {
  const ending = callEnding(entry, entry.output, duration);
  const line: Segment = {
    kind: 'tool',
    id: entry.id,
    name: 'run_shell',
    title: `! ${entry.command}`,
    state: ending.state,
    summary: ending.summary,
    ...(ending.outcome !== undefined ? { outcome: ending.outcome } : {}),
  };
  if (ending.body.trim() === '') return [line];
  const whenFolded = ending.command ? 'tail' : 'head';
  return [line, { kind: 'output', text: ending.body, folded: true, whenFolded }];
}
