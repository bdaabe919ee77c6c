import type { PermissionDecision, PermissionRequest } from './permission';
import type {
  PersonAnswer,
  PersonChannel,
  PersonRequest,
  PersonRequestKind,
} from './person/person-request';

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

interface ParsedRule {
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

/** Splits a command line at the shell's control operators, so each part is judged on its own. */
export function commandParts(command: string): string[] {
  return command
    .split(/\|\||&&|[;|&\n]|\$\(|`|\)/)
    .map((part) => part.trim())
    .filter((part) => part !== '');
}

/** Characters that let a command do more than its prefix says: chaining, substitution, redirects. */
const COMPOUND = /[;&|\n`$()<>]/;

function prefixMatches(prefix: string, command: string): boolean {
  const bare = prefix.endsWith('*') ? prefix.slice(0, -1).trimEnd() : prefix;
  return command === bare || command.startsWith(`${bare} `);
}

/** picomatch, loaded the first time a rule is checked (most runs have none): ~4 ms of start-up. */
function isMatch(subject: string, glob: string, options?: { dot: boolean }): boolean {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const picomatch = require('picomatch') as typeof import('picomatch');
  return picomatch.isMatch(subject, glob, options);
}

/** Whether a rule's tool part (a name or a glob) names the tool `toolName`, as checks match it. */
export function ruleNamesTool(ruleTool: string, toolName: string): boolean {
  return isMatch(toolName, ruleTool);
}

/**
 * Whether `rule` covers the call. A command rule allows only a simple command that starts with
 * its prefix (no chaining, substitution or redirection beyond it); a deny command rule matches
 * when any part of a compound command starts with its prefix. A path rule is a glob over the
 * workspace-relative path.
 */
function matches(rule: ParsedRule, action: PermissionRule['action'], request: PermissionRequest) {
  if (!ruleNamesTool(rule.tool, request.toolName)) return false;
  // A call the loop raised to exec (a write that makes git run code, see Tool.escalate) is
  // allowed only by a rule naming its path, hidden folders such as .git spelled out.
  const escalated = action === 'allow' && request.reason !== undefined;
  if (rule.pattern === undefined) return !escalated;
  const subject = request.subject;
  if (subject === undefined) return false;
  if (request.subjectKind === 'command') {
    if (action === 'deny')
      return commandParts(subject).some((p) => prefixMatches(rule.pattern!, p));
    const command = subject.trim();
    const rest = command.slice(rule.pattern.replace(/\*$/, '').trimEnd().length);
    return prefixMatches(rule.pattern, command) && !COMPOUND.test(rest);
  }
  return isMatch(subject, rule.pattern, { dot: !escalated });
}

/** The rule that decides `request`: the first matching deny, else the first matching allow. */
export function decideByRules(
  rules: readonly PermissionRule[],
  request: PermissionRequest,
): PermissionRule | undefined {
  let allow: PermissionRule | undefined;
  for (const rule of rules) {
    let parsed: ParsedRule;
    try {
      parsed = parseRule(rule.text);
    } catch {
      continue;
    }
    if (!matches(parsed, rule.action, request)) continue;
    if (rule.action === 'deny') return rule;
    allow ??= rule;
  }
  return allow;
}

/**
 * Remembers an "always" answer: its rule, for the session or saved for a scope; an "always"
 * refusal (`action: 'deny'`) holds for the session.
 */
export type RememberRule = (
  rule: string,
  scope: 'session' | 'workspace' | 'user',
  action?: 'allow' | 'deny',
) => void;

/**
 * The person channel with permission rules in front: an approval is decided by `rules()` first
 * (deny wins, then allow), and reaches `channel` (the REPL's card, the headless policy) only when
 * no rule decides; an "always" answer is handed to `remember` (its rule, or the tool's name).
 * Every other kind of request passes through unchanged.
 */
export function withRules(
  rules: () => readonly PermissionRule[],
  channel: PersonChannel,
  remember?: RememberRule,
): PersonChannel {
  const approve = async (request: PersonRequest<'approval'>): Promise<PermissionDecision> => {
    const rule = decideByRules(rules(), request.payload);
    if (rule?.action === 'allow') return { kind: 'allow' };
    if (rule?.action === 'deny') {
      return { kind: 'deny', by: `the deny rule ${rule.text} (${rule.source})` };
    }
    const decision = await channel.ask(request);
    if (decision.kind === 'allow' && decision.always) {
      remember?.(decision.rule ?? request.payload.toolName, decision.scope ?? 'session');
    }
    if (decision.kind === 'deny' && decision.always) {
      remember?.(decision.rule ?? request.payload.toolName, 'session', 'deny');
    }
    return decision;
  };
  return {
    canAnswer: (kind) => channel.canAnswer(kind),
    ask: <K extends PersonRequestKind>(request: PersonRequest<K>): Promise<PersonAnswer<K>> =>
      request.kind === 'approval'
        ? (approve(request as PersonRequest<'approval'>) as Promise<PersonAnswer<K>>)
        : channel.ask(request),
  };
}

/** Whether allowing `rule` also answers `request` (other cards waiting for the same thing). */
export function ruleCovers(rule: string, request: PermissionRequest): boolean {
  return decideByRules([{ action: 'allow', text: rule, source: '' }], request) !== undefined;
}

/**
 * The rule an "always" answer suggests for a call: the command's first word, plus its second
 * when that is a subcommand (`npm test`, `git status`), or the exact path.
 */
export function suggestRule(request: PermissionRequest): string | undefined {
  const subject = request.subject?.trim();
  if (!subject) return undefined;
  if (request.subjectKind === 'command') {
    const first = commandParts(subject)[0] ?? '';
    const words = first.split(/\s+/).filter(Boolean);
    const prefix =
      words.length > 1 && /^[a-z][\w:.-]*$/i.test(words[1]!)
        ? words.slice(0, 2)
        : words.slice(0, 1);
    return prefix.length ? `${request.toolName}(${prefix.join(' ')})` : undefined;
  }
  return `${request.toolName}(${subject})`;
}
