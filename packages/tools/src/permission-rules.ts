import type { Parser } from 'web-tree-sitter';
import type { PermissionDecision, PermissionRequest } from './permission';
import {
  allowCovers,
  commandText,
  denyMatches,
  patternWords,
  suggestedWords,
  uncoveredBy,
  wordsAsPattern,
} from './shell/command-rules';
import { isReadOnly } from './shell/read-only-commands';
import { loadedShellParser, loadShellParser } from './shell/shell-parser';
import { analyseCommand } from './shell/simple-commands';
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
function isMatch(subject: string, glob: string, options?: { dot: boolean }): boolean {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const picomatch = require('picomatch') as typeof import('picomatch');
  return picomatch.isMatch(subject, glob, options);
}

/** Whether a rule's tool part (a name or a glob) names the tool `toolName`, as checks match it. */
export function ruleNamesTool(ruleTool: string, toolName: string): boolean {
  return isMatch(toolName, ruleTool);
}

/** What the rules say about a call: allowed or denied (and by what), or ask the person. */
export type RuleVerdict =
  | { action: 'allow'; by: string; rule?: PermissionRule }
  | { action: 'deny'; by: string; rule?: PermissionRule }
  | {
      action: 'ask';
      /** Why the allow rules naming the tool did not cover the call, when there are some. */
      notCovered?: string;
    };

interface Parsed extends ParsedRule {
  rule: PermissionRule;
}

function parsedRules(rules: readonly PermissionRule[]): Parsed[] {
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

function describe(rule: PermissionRule): string {
  return `the ${rule.action} rule ${rule.text} (${rule.source})`;
}

/**
 * What `rules` decide for `request`: the first matching deny, else the first matching allow,
 * else ask. A command (`run_shell`) is parsed into the simple commands it runs (see
 * ./shell/simple-commands): a deny rule matches any of them, however spelled (`/usr/bin/touch`,
 * `env touch`, `bash -c 'touch'`), and a command whose programs cannot all be named beforehand is
 * refused where any deny rule names the tool; it is allowed when every simple command is covered
 * by an allow rule or is a known read-only command, and every file it writes by redirection is
 * covered by a write_file rule. The parser loads the first time a command needs it.
 */
export async function decideByRules(
  rules: readonly PermissionRule[],
  request: PermissionRequest,
): Promise<RuleVerdict> {
  const parser = request.subjectKind === 'command' ? await loadShellParser() : undefined;
  return decideWith(parser, rules, request);
}

function decideWith(
  parser: Parser | undefined,
  rules: readonly PermissionRule[],
  request: PermissionRequest,
): RuleVerdict {
  const named = parsedRules(rules).filter((p) => ruleNamesTool(p.tool, request.toolName));
  const whole = (action: PermissionRule['action']) =>
    named.find((p) => p.rule.action === action && p.pattern === undefined);
  const wholeDeny = whole('deny');
  if (wholeDeny) return { action: 'deny', by: describe(wholeDeny.rule), rule: wholeDeny.rule };
  if (request.subjectKind === 'command' && parser && request.subject !== undefined) {
    return decideCommand(parser, named, parsedRules(rules), request.subject);
  }
  // A call the loop raised to exec (a write that makes code run, see Tool.escalate) is allowed
  // only by a rule naming its path, hidden folders such as .git spelled out.
  const escalated = request.reason !== undefined;
  const subject = request.subject;
  const matching = (action: PermissionRule['action']) =>
    named.find(
      (p) =>
        p.rule.action === action &&
        subject !== undefined &&
        p.pattern !== undefined &&
        (request.subjectKind === 'path' || request.subjectKind === 'domain') &&
        isMatch(subject, p.pattern, { dot: action === 'deny' || !escalated }),
    );
  const deny = matching('deny');
  if (deny) return { action: 'deny', by: describe(deny.rule), rule: deny.rule };
  const allow = (!escalated && whole('allow')) || matching('allow');
  if (allow) return { action: 'allow', by: describe(allow.rule), rule: allow.rule };
  return { action: 'ask' };
}

function decideCommand(
  parser: Parser,
  named: Parsed[],
  all: Parsed[],
  command: string,
): RuleVerdict {
  const analysis = analyseCommand(parser, command);
  const denies = named.filter((p) => p.rule.action === 'deny');
  for (const deny of denies) {
    const words = patternWords(parser, deny.pattern!);
    const hit = analysis.commands.find((simple) => denyMatches(words, simple));
    if (hit)
      return {
        action: 'deny',
        by: `${describe(deny.rule)}, which matches \`${commandText(hit)}\``,
        rule: deny.rule,
      };
  }
  // `git -c alias.x=push x` runs what a deny rule for git names under another name.
  const gitDeny = denies.find((p) => patternWords(parser, p.pattern!)[0] === 'git');
  const gitCaution = analysis.cautions.find((caution) => caution.startsWith('git '));
  if (gitDeny && gitCaution) {
    return {
      action: 'deny',
      by: `${describe(gitDeny.rule)}: ${gitCaution}, so what it runs cannot be checked against the rule`,
      rule: gitDeny.rule,
    };
  }
  if (analysis.unknown && denies.length > 0) {
    const rule = denies[0]!.rule;
    return {
      action: 'deny',
      by: `${describe(rule)}: a command with a deny rule runs only when every program in it can be named beforehand, and here ${analysis.unknown}`,
      rule,
    };
  }
  const writeRules = all.filter((p) => ruleNamesTool(p.tool, 'write_file'));
  for (const target of analysis.writes) {
    const deny = writeRules.find(
      (p) =>
        p.rule.action === 'deny' &&
        (p.pattern === undefined ||
          target === undefined ||
          isMatch(workspacePath(target) ?? target, p.pattern, { dot: true })),
    );
    if (deny)
      return {
        action: 'deny',
        by: `${describe(deny.rule)}, since the command writes ${target ?? 'a file named at run time'}`,
        rule: deny.rule,
      };
  }
  const wholeAllow = named.find((p) => p.rule.action === 'allow' && p.pattern === undefined);
  if (wholeAllow) return { action: 'allow', by: describe(wholeAllow.rule), rule: wholeAllow.rule };
  const allows = named.filter((p) => p.rule.action === 'allow');
  const writeCovered = (target: string) => {
    const relative = workspacePath(target);
    return (
      relative !== undefined &&
      writeRules.some(
        (p) =>
          p.rule.action === 'allow' &&
          (p.pattern === undefined
            ? !relative.split('/').some((s) => s.startsWith('.'))
            : isMatch(relative, p.pattern, { dot: false })),
      )
    );
  };
  const why = uncoveredBy(
    allows.map((p) => patternWords(parser, p.pattern!)),
    analysis,
    writeCovered,
  );
  if (why === undefined) {
    const rule = allows.find((p) =>
      analysis.commands.some((c) => allowCovers(patternWords(parser, p.pattern!), c)),
    )?.rule;
    return rule
      ? { action: 'allow', by: describe(rule), rule }
      : { action: 'allow', by: 'known read-only commands' };
  }
  if (allows.length === 0) return { action: 'ask' };
  const checked = allows.map((p) => `${p.rule.text} (${p.rule.source})`).join(', ');
  return {
    action: 'ask',
    notCovered: `the allow rule${allows.length > 1 ? 's' : ''} ${checked} did not cover it: ${why}`,
  };
}

/** A redirection's target as a workspace path (commands run in the workspace root), if it is one. */
function workspacePath(target: string): string | undefined {
  if (target.startsWith('/') || target.startsWith('~')) return undefined;
  const parts = target.split('/').filter((part) => part !== '' && part !== '.');
  return parts.length === 0 || parts.includes('..') ? undefined : parts.join('/');
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
    // A rule that allows a command allows it inside the sandbox, never outside it.
    if (request.payload.leaveSandbox) return once(await channel.ask(request));
    const verdict = await decideByRules(rules(), request.payload);
    const { hook } = request.payload;
    if (verdict.action === 'deny') return { kind: 'deny', by: verdict.by };
    if (verdict.action === 'allow' && hook?.decision !== 'ask') return { kind: 'allow' };
    if (hook?.decision === 'allow' && request.payload.reason === undefined)
      return { kind: 'allow' };
    const asked =
      verdict.action === 'ask' && verdict.notCovered
        ? { ...request, payload: { ...request.payload, notCovered: verdict.notCovered } }
        : request;
    const decision = await channel.ask(asked);
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

/** A decision without its "always": what a request answered only once keeps. */
function once(decision: PermissionDecision): PermissionDecision {
  if (decision.kind === 'allow') return { kind: 'allow' };
  return decision.reason === undefined
    ? { kind: 'deny', ...(decision.by ? { by: decision.by } : {}) }
    : { kind: 'deny', reason: decision.reason, ...(decision.by ? { by: decision.by } : {}) };
}

/**
 * Whether allowing `rule` also answers `request` (other cards waiting for the same thing). A
 * command is judged only once the shell parser has loaded (it has, once a card asks about one).
 */
export function ruleCovers(rule: string, request: PermissionRequest): boolean {
  const parser = loadedShellParser();
  if (request.subjectKind === 'command' && !parser) return false;
  const verdict = decideWith(parser, [{ action: 'allow', text: rule, source: '' }], request);
  return verdict.action === 'allow' && verdict.rule !== undefined;
}

/**
 * What allowing the command rule `rule` ("always") would cover, in words for the card: the
 * commands it starts, and what of `request` it would still leave to ask. Undefined for other rules.
 */
export function ruleReach(rule: string, request: PermissionRequest): string | undefined {
  const parser = loadedShellParser();
  let parsed: ParsedRule;
  try {
    parsed = parseRule(rule);
  } catch {
    return undefined;
  }
  if (!parser || request.subjectKind !== 'command' || parsed.pattern === undefined)
    return undefined;
  const words = wordsAsPattern(patternWords(parser, parsed.pattern));
  const verdict = decideWith(parser, [{ action: 'allow', text: rule, source: '' }], request);
  const rest =
    verdict.action === 'ask' && verdict.notCovered
      ? `; this command would still ask, since ${verdict.notCovered.replace(/^.*? did not cover it: /, '')}`
      : '';
  return `covers commands that start with "${words}" (any arguments after)${rest}`;
}

/**
 * The rule an "always" answer suggests for a call: for a command, the program of its first simple
 * command that is not known to be read-only, with its subcommand (see suggestedWords); for a
 * path, the exact path. Undefined when there is nothing safe to offer, or the parser has not loaded.
 */
export function suggestRule(request: PermissionRequest): string | undefined {
  const subject = request.subject?.trim();
  if (!subject) return undefined;
  if (request.subjectKind !== 'command') return `${request.toolName}(${subject})`;
  const parser = loadedShellParser();
  if (!parser) return undefined;
  const analysis = analyseCommand(parser, subject);
  if (analysis.unknown) return undefined;
  const first = analysis.commands.find((command) => !isReadOnly(command)) ?? analysis.commands[0];
  const words = first && suggestedWords(first);
  return words ? `${request.toolName}(${wordsAsPattern(words)})` : undefined;
}

/**
 * Loads the shell parser ahead of the first command decision (about 30 ms; decisions load it on
 * their own when needed). Its type stays private: web-tree-sitter's declarations need
 * @types/emscripten, which a consumer should not have to install.
 */
export async function preloadShellParser(): Promise<void> {
  await loadShellParser();
}
