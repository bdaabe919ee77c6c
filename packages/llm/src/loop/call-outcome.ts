import type { Tool, ToolResult } from '@agent/tools';
import type { ToolActivity, ToolStatus } from '../messages';
import { boundInput } from '../history/bounds';
import { cloneActivity } from '../history/clone';
import type { LoopEvent } from './types';
import { interruptedOutput } from '../text/interrupted-output';

/** The final state of one call, before it is written into turn memory. */
export interface CallOutcome {
  status: Exclude<ToolStatus, 'pending'>;
  result: ToolResult;
  /** An interrupted call's output is what the tool had gathered (ask_user's answers so far). */
  partial?: boolean;
}

const SUMMARY_LIMIT = 200;

/**
 * Writes an outcome into the call's activity (status, output, summary, retained output) and
 * emits its `tool_end`. `title` is the call's one-line description. A retaining tool (or a result
 * marked `retain`) keeps its exact input and output only when it ran (ok, or interrupted with a
 * partial result); a rejected call's input is bounded like any other tool's.
 */
export function settleCall(
  activity: ToolActivity,
  tool: Tool | undefined,
  title: string,
  outcome: CallOutcome,
  emit: (event: LoopEvent) => void,
): void {
  const { status, result } = outcome;
  activity.status = status;
  activity.output = result.output;
  activity.summary = summaryFor(status, title, result);
  // A tool retains every output it ran to; `retain` asks it for one result of another tool.
  const retains = tool?.retainsOutput === true || result.retain === true;
  if (retains && (status === 'ok' || outcome.partial)) {
    activity.retainedOutput = result.output;
    if (result.details !== undefined) activity.retainedDetails = structuredClone(result.details);
  } else if (tool?.retainsOutput) {
    activity.input = boundInput(activity.input);
  }
  emit({ type: 'tool_end', activity: cloneActivity(activity), result: { ...result } });
}

function summaryFor(status: CallOutcome['status'], title: string, result: ToolResult): string {
  if (status === 'ok') return oneLine(result.summary ?? title);
  if (status === 'interrupted') return oneLine(title);
  return oneLine(result.summary ?? firstLine(result.output));
}

function firstLine(text: string): string {
  return text.split('\n').find((line) => line.trim() !== '') ?? '';
}

function oneLine(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > SUMMARY_LIMIT ? `${flat.slice(0, SUMMARY_LIMIT - 1)}…` : flat;
}

export function errorOutcome(output: string): CallOutcome {
  return { status: 'error', result: { output, isError: true } };
}

/**
 * The result of a call the turn's interrupt ended. `partial` is the exact result the tool set
 * with `ToolContext.reportPartial` (ask_user: the answers given so far), kept as the call's
 * result (retained by retaining tools); otherwise `reported` is what the tool itself returned
 * when it stopped (a command's output so far), appended so the model sees it.
 */
export function interruptedOutcome(
  name: string,
  partial?: { output: string; details?: unknown },
  reported?: string,
): CallOutcome {
  if (partial !== undefined) {
    const result: ToolResult = { output: partial.output, isError: true };
    if (partial.details !== undefined) result.details = partial.details;
    return { status: 'interrupted', result, partial: true };
  }
  return {
    status: 'interrupted',
    result: { output: interruptedOutput(name, reported), isError: true },
  };
}

/** An interactive call reached while a soft stop (Esc) was pending: nothing is asked. */
export function stoppedOutcome(name: string): CallOutcome {
  return {
    status: 'skipped',
    result: {
      output: `stopped: the person stopped the turn (Esc) before ${name} opened; nothing was asked. Do not ask again in this turn.`,
      isError: true,
      summary: 'stopped before asking',
    },
  };
}
