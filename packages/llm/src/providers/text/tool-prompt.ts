import type { ToolSpec } from '@agent/tools';

/** The system-prompt section that teaches a model without native tools how to call them. */
export function toolPromptSection(tools: ToolSpec[]): string {
  const lines = [
    '# Tools',
    '',
    'You can call the tools below. To call one, write a fenced code block whose language is',
    '`tool`, holding one JSON object with the tool "name" and its "arguments":',
    '',
    '```tool',
    '{"name": "tool_name", "arguments": {"param": "value"}}',
    '```',
    '',
    'The block must hold valid JSON: escape quotes and newlines inside strings. The arguments',
    "must match the tool's JSON Schema below. Write a short sentence before a block if it helps.",
    'You may write several blocks in one reply; they run in order. End your reply after your',
    'tool blocks: the results come back in the next message as "Result of <name> (<id>):" or',
    '"Error from <name> (<id>):". Never write results yourself. Without a tool block, your reply',
    'is your final answer.',
  ];
  for (const tool of tools) {
    lines.push('', `## ${tool.name}`, '', tool.description, '', 'Arguments (JSON Schema):');
    lines.push(JSON.stringify(tool.parameters));
  }
  return lines.join('\n');
}
