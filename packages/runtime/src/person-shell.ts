import type { ToolActivity } from '@agent/llm';
import { runShellTool, type PermissionRequester, type ToolResult } from '@agent/tools';
import type { RuntimeEvent } from './events';

/**
 * Runs a command the person typed (`!cmd`) through the shell tool (its own process group,
 * killed when `signal` aborts), reported as one tool call's events. Never throws.
 */
export async function runPersonShell(
  command: string,
  context: {
    signal: AbortSignal;
    workspaceRoot: string;
    permissions: PermissionRequester;
    onEvent(event: RuntimeEvent): void;
  },
): Promise<ToolResult> {
  const { signal, onEvent } = context;
  const activity: ToolActivity = {
    id: `shell-${Date.now()}`,
    name: 'run_shell',
    input: { command },
    status: 'pending',
    summary: '',
  };
  onEvent({ type: 'tool_start', activity, title: `! ${command}` });
  let result: ToolResult;
  try {
    result = await runShellTool().execute(
      { command },
      {
        signal,
        workspaceRoot: context.workspaceRoot,
        toolCallId: activity.id,
        permissions: context.permissions,
        onUpdate: (update) => onEvent({ type: 'tool_update', id: activity.id, update }),
      },
    );
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    result = { output: message, isError: true, summary: `\`${command}\` failed: ${message}` };
  }
  activity.status = signal.aborted ? 'interrupted' : result.isError ? 'error' : 'ok';
  activity.summary = result.summary ?? '';
  onEvent({ type: 'tool_end', activity, result });
  return result;
}

/** How a person's shell command and its output read to the model. */
export function personShellText(command: string, output: string): string {
  return `I ran this shell command in the workspace myself:\n$ ${command}\n${output}`;
}
