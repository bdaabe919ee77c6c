import type { LoopEvent, ToolActivity } from '@agent/llm';
import { personShellEnding } from '@agent/session';
import { runShellTool, type PersonChannel, type ToolResult } from '@agent/tools';
import type { RuntimeEvent } from '../session/events';

/**
 * Runs a command the person typed (`!cmd`) through the shell tool (its own process group,
 * killed when `signal` aborts), reported as one tool call's events. Never throws.
 */
export async function runPersonShell(
  command: string,
  context: {
    signal: AbortSignal;
    workspaceRoot: string;
    person: PersonChannel;
    onEvent(event: RuntimeEvent): void;
  },
): Promise<ToolResult> {
  const { signal, onEvent } = context;
  const activity = shellActivity(`shell-${Date.now()}`, command);
  onEvent(shellStart(activity));
  let result: ToolResult;
  try {
    result = await runShellTool().execute(
      { command },
      {
        signal,
        workspaceRoot: context.workspaceRoot,
        toolCallId: activity.id,
        person: context.person,
        onUpdate: (update) => onEvent({ type: 'tool_update', id: activity.id, update }),
      },
    );
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    result = { output: `Could not run the command: ${message}`, isError: true };
  }
  onEvent(shellEnd(activity, result.output, signal.aborted));
  return result;
}

/** How a person's shell command and its output read to the model. */
export function personShellText(command: string, output: string): string {
  return `I ran this shell command in the workspace myself:\n$ ${command}\n${output}`;
}

function shellActivity(id: string, command: string): ToolActivity {
  return { id, name: 'run_shell', input: { command }, status: 'pending', summary: '' };
}

function shellStart(activity: ToolActivity): LoopEvent {
  const { command } = activity.input as { command: string };
  return { type: 'tool_start', activity: { ...activity }, title: `! ${command}` };
}

/**
 * The end of a person's command as the transcript shows it (see `personShellEnding`): the status
 * line says how it ended in plain words (`exit code 0`), the output block shows the output
 * without the shell tool's closing `[exit code 0]` note (the model still gets the note).
 */
function shellEnd(activity: ToolActivity, output: string, aborted: boolean): LoopEvent {
  const { command } = activity.input as { command: string };
  const { status, summary, output: shown } = personShellEnding(command, output, aborted);
  return {
    type: 'tool_end',
    activity: { ...activity, status, summary },
    result: { output: shown, isError: status !== 'ok', summary },
  };
}
