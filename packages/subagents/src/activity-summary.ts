import type { AssistantMessage } from '@agent/llm';

/** "3 tool calls (read_file x2, grep), 2 model calls" — a short record of what a subagent did. */
export function summarizeActivity(messages: readonly AssistantMessage[]): string {
  const counts = new Map<string, number>();
  let failed = 0;
  for (const message of messages) {
    for (const call of message.toolCalls) {
      counts.set(call.name, (counts.get(call.name) ?? 0) + 1);
      if (call.status !== 'ok') failed++;
    }
  }
  const total = [...counts.values()].reduce((sum, n) => sum + n, 0);
  const tools = [...counts.entries()]
    .map(([name, n]) => (n > 1 ? `${name} x${n}` : name))
    .join(', ');
  const calls =
    total === 0 ? 'no tool calls' : `${total} tool call${total > 1 ? 's' : ''} (${tools})`;
  const failures = failed > 0 ? `, ${failed} failed` : '';
  const turns = `${messages.length} model call${messages.length === 1 ? '' : 's'}`;
  return `${calls}${failures}, ${turns}`;
}
