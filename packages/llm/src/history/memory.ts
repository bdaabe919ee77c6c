import type { Tool } from '@agent/tools';
import type { AssistantMessage, Message, ToolActivity } from '../messages';
import { boundInput } from './bounds';
import { cloneMessage } from './clone';

/** Whether raw tool outputs stay in history after the loop (`full`) or only status and summary (`off`). */
export type ToolHistoryMode = 'full' | 'off';

/**
 * The input as turn memory keeps it: bounded per string field, unless the tool retains its output
 * and the input is `valid` for it (a questionnaire that can open; its schema bounds it). A
 * rejected call's input is bounded like any other.
 */
export function memoryInput(tool: Tool | undefined, input: unknown, valid: boolean): unknown {
  return tool?.retainsOutput && valid ? structuredClone(input) : boundInput(input);
}

/**
 * Applies the end-of-loop memory policy to copies of `messages`: with `off`, raw outputs are dropped
 * (status, summary and any `retainedOutput` remain); with `full`, everything is kept.
 */
export function finalizeTurnMemory<M extends Message>(
  messages: readonly M[],
  mode: ToolHistoryMode,
): M[] {
  return messages.map((message) => {
    const copy = cloneMessage(message);
    if (mode === 'off' && copy.role === 'assistant') {
      for (const call of (copy as AssistantMessage).toolCalls) dropOutput(call);
    }
    return copy;
  });
}

function dropOutput(call: ToolActivity): void {
  delete call.output;
}
