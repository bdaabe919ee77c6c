import { parseRule, ruleNamesTool, type PermissionRule } from '@agent/tools';

/** Claude Code's tool names, which people bring in their rules and hooks, and ours. */
export const CLAUDE_CODE_NAMES: Readonly<Record<string, string>> = {
  Bash: 'run_shell',
  Read: 'read_file',
  Edit: 'edit_file',
  MultiEdit: 'edit_file',
  Write: 'write_file',
  Grep: 'grep',
  Glob: 'list_files',
  LS: 'list_files',
  Task: 'task',
  WebFetch: 'web_fetch',
};

/** Whether a rule's tool (a name or a `*` glob) can name a tool: a known one, or any MCP tool. */
function namesATool(tool: string, known: readonly string[]): boolean {
  // MCP tools are `mcp__server__tool`; their servers may not be connected yet.
  if (tool.startsWith('mcp__')) return true;
  return known.some((name) => ruleNamesTool(tool, name));
}

/**
 * A warning for each rule whose tool is no tool of this agent (`Bash(ls)`, `nosuchtool`): the
 * rule would silently match nothing. Names our equivalent of a Claude Code tool and the known
 * tools; the rule is kept as written, never translated.
 */
export function unknownRuleTools(
  rules: readonly PermissionRule[],
  known: readonly string[],
): string[] {
  const warnings: string[] = [];
  for (const rule of rules) {
    let tool: string;
    let pattern: string | undefined;
    try {
      ({ tool, pattern } = parseRule(rule.text));
    } catch {
      continue; // malformed rules are reported where they are read
    }
    if (namesATool(tool, known)) continue;
    const ours = CLAUDE_CODE_NAMES[tool];
    const hint = ours
      ? ` Claude Code's ${tool} is ${ours} here: write ${ours}${pattern === undefined ? '' : `(${pattern})`}.`
      : '';
    warnings.push(
      `The ${rule.action} rule ${rule.text} (${rule.source}) names an unknown tool "${tool}" and matches nothing.${hint} Known tools: ${[...known].sort().join(', ')}; MCP tools as mcp__server__tool (globs like mcp__github__* too).`,
    );
  }
  return warnings;
}
