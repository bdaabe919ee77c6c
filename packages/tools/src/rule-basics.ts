/** Permission rules as data: their text, how they parse, how a verdict names them. */

/**
 * A permission rule, written as `tool` or `tool(pattern)`: `run_shell(npm test)` (a command
 * prefix), `write_file(src/**)` (a workspace path glob), `mcp__github__*` (every tool whose name
 * matches). Deny rules win over allow rules.
 */
export interface PermissionRule {
  action: 'allow' | 'deny';
  /** The rule as written, e.g. `run_shell(npm test)`. */
  text: string;
  /** Where it comes from, for /permissions and denial messages: `session`, a file path, `--allow`. */
  source: string;
}

export interface ParsedRule {
  tool: string;
  pattern?: string;
}

const RULE = /^([A-Za-z0-9_*.-]+)(?:\((.*)\))?$/s;

/** Parses `tool` or `tool(pattern)`; throws with the rule and the expected form when malformed. */
export function parseRule(text: string): ParsedRule {
  const match = RULE.exec(text.trim());
  if (!match || match[2]?.trim() === '') {
    throw new Error(
      `bad permission rule "${text}": expected tool or tool(pattern), e.g. run_shell(npm test) or write_file(src/**)`,
    );
  }
  return match[2] === undefined
    ? { tool: match[1]! }
    : { tool: match[1]!, pattern: match[2].trim() };
}

/** picomatch, loaded the first time a rule is checked (most runs have none): ~4 ms of start-up. */
export function isMatch(subject: string, glob: string, options?: { dot: boolean }): boolean {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const picomatch = require('picomatch') as typeof import('picomatch');
  return picomatch.isMatch(subject, glob, options);
}

/** Whether a rule's tool part (a name or a glob) names the tool `toolName`, as checks match it. */
export function ruleNamesTool(ruleTool: string, toolName: string): boolean {
  return isMatch(toolName, ruleTool);
}

/**
 * What the rules say about a call: allowed or denied (and by what), or ask the person. `steps`,
 * for a command, says rule by rule what applied to each part of it (see explainCommand).
 */
export type RuleVerdict = (
  | { action: 'allow'; by: string; rule?: PermissionRule }
  | { action: 'deny'; by: string; rule?: PermissionRule }
  | {
      action: 'ask';
      /** Why the allow rules naming the tool did not cover the call, when there are some. */
      notCovered?: string;
      /** Why the call is not covered, also when no allow rule names the tool. */
      why?: string;
    }
) & { steps?: string[] };

/** A rule with its parsed tool and pattern. */
export interface Parsed extends ParsedRule {
  rule: PermissionRule;
}

/** The rules that parse; a malformed one was reported when its file was read. */
export function parsedRules(rules: readonly PermissionRule[]): Parsed[] {
  const parsed: Parsed[] = [];
  for (const rule of rules) {
    try {
      parsed.push({ ...parseRule(rule.text), rule });
    } catch {
      // A malformed rule from a settings file was reported when it was read.
    }
  }
  return parsed;
}

/** How a rule is named in a verdict: `the deny rule run_shell(touch) (--deny)`. */
export function describe(rule: PermissionRule): string {
  return `the ${rule.action} rule ${rule.text} (${rule.source})`;
}
