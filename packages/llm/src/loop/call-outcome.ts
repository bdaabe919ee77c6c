import type { Tool, ToolResult } from '@agent/tools';
import type { ToolActivity, ToolStatus } from '../messages';
import { cloneActivity } from '../history/clone';
import type { LoopEvent } from './types';

/** The final state of one call, before it is written into turn memory. */
export interface CallOutcome {
  status: Exclude<ToolStatus, 'pending'>;
  result: ToolResult;
}

const SUMMARY_LIMIT = 200;

/**
 * Writes an outcome into the call's activity (status, output, summary, retained output) and
 * emits its `tool_end`. `title` is the call's one-line description.
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
  if (tool?.retainsOutput) activity.retainedOutput = result.output;
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
 * The result of a call the turn's interrupt ended. `partial` is what the tool itself reported
 * when it stopped (a command's output so far), kept so the model sees it.
 */
export function interruptedOutcome(name: string, partial?: string): CallOutcome {
  const output = `interrupted: the person stopped the turn before ${name} finished`;
  return {
    status: 'interrupted',
    result: {
      output: partial ? `${output}; what it reported when it stopped:\n${partial}` : output,
      isError: true,
    },
  };
}
