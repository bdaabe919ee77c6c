import type { CallEntryState } from '@agent/session';
import { commandOutcome } from '../view/command-outcome';
import type { ToolState } from '../view/segment';

/**
 * How a finished call's status line reads, and what shows under it: the same for the live view
 * and every replay, from the call's transcript state and summary.
 */
export interface CallEnding {
  state: Exclude<ToolState, 'waiting' | 'running'>;
  summary: string;
  /** A command's ending (`exit 0 · sandboxed`, with `duration` when given): a one-row line. */
  outcome?: string;
  /** The output to show under the line: a command's without its closing note. */
  body: string;
  /** A command's: its last lines are what tells how it went (its error, when it failed). */
  command: boolean;
}

/**
 * The ending of a call whose entry is in `state` with `summary`. A call still `running` (its
 * turn ended without its end) or `open` (offered again after a resume, asked again below) is
 * drawn as interrupted. `output`: what the call gave the person, when the view has it (live, or
 * a person's command); `duration`: how long a live command ran.
 */
export function callEnding(
  call: { state: CallEntryState; summary: string },
  output = '',
  duration?: string,
): CallEnding {
  const state = call.state === 'running' || call.state === 'open' ? 'interrupted' : call.state;
  // A denied call's result is the note to the model; its status line says it all.
  const command = state === 'denied' ? undefined : commandOutcome(call.summary, output);
  return {
    state,
    summary: call.summary,
    ...(command ? { outcome: duration ? `${command.ending} · ${duration}` : command.ending } : {}),
    body: command ? command.body : output,
    command: command !== undefined,
  };
}
