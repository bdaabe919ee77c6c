import type { Parser } from 'web-tree-sitter';
import type {
  ApprovalFacts,
  PermissionDecision,
  PermissionRequest,
  PersonAnswer,
  PersonChannel,
  PersonRequest,
  PersonRequestKind,
} from '@agent/tool-contract';
import { decideCommand } from './permission-command';
import {
  describe,
  isMatch,
  parsedRules,
  parseRule,
  ruleNamesTool,
  type ParsedRule,
  type PermissionRule,
  type RuleVerdict,
} from './rule-basics';
import { patternWords, suggestedWords, wordsAsPattern } from './shell/command-rules';
import { isReadOnly } from './shell/read-only-commands';
import { loadedShellParser, loadShellParser } from './shell/shell-parser';
import { analyseCommand } from './shell/simple-commands';

export { parseRule, ruleNamesTool } from './rule-basics';
export type { ParsedRule, PermissionRule, RuleVerdict } from './rule-basics';

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

/**
 * Remembers an "always" answer: its rule, for the session or saved for a scope; an "always"
 * refusal (`action: 'deny'`) holds for the session.
 */
export type RememberRule = (
  rule: string,
  scope: 'session' | 'workspace' | 'user',
  action?: 'allow' | 'deny',
) => void;

/** Answers one approval request: allows or denies it, asking further where it cannot decide. */
export type Approve = (request: PersonRequest<'approval'>) => Promise<PermissionDecision>;

/**
 * Approvals decided by `rules()` first (deny wins, then allow); only one no rule decides goes on
 * to `ask` (the person, the headless policy), and an "always" answer is handed to `remember`
 * (its rule, or the tool's name).
 */
export function approvingByRules(
  rules: () => readonly PermissionRule[],
  ask: Approve,
  remember?: RememberRule,
): Approve {
  return async (request) => {
    // A rule that allows a command allows it inside the sandbox, never outside it.
    if (request.payload.leaveSandbox) return once(await ask(request));
    const verdict = await decideByRules(rules(), request.payload);
    const { hook } = request.payload;
    if (verdict.action === 'deny') {
      return { kind: 'deny', by: verdict.by, approval: byRule(verdict) };
    }
    if (verdict.action === 'allow' && hook?.decision !== 'ask') {
      return { kind: 'allow', approval: byRule(verdict) };
    }
    if (hook?.decision === 'allow' && request.payload.reason === undefined)
      return { kind: 'allow', approval: { by: 'hook', source: hook.by } };
    const asked =
      verdict.action === 'ask' && verdict.notCovered
        ? { ...request, payload: { ...request.payload, notCovered: verdict.notCovered } }
        : request;
    const decision = await ask(asked);
    if (decision.kind === 'allow' && decision.always) {
      remember?.(decision.rule ?? request.payload.toolName, decision.scope ?? 'session');
    }
    if (decision.kind === 'deny' && decision.always) {
      remember?.(decision.rule ?? request.payload.toolName, 'session', 'deny');
    }
    return decision;
  };
}

/**
 * The person channel with permission rules in front (see approvingByRules), for a program that
 * hands a tool a channel of its own; every other kind of request passes through unchanged.
 */
export function withRules(
  rules: () => readonly PermissionRule[],
  channel: PersonChannel,
  remember?: RememberRule,
): PersonChannel {
  const approve = approvingByRules(rules, (request) => channel.ask(request), remember);
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
  const facts = decision.approval ? { approval: onceFacts(decision.approval) } : {};
  if (decision.kind === 'allow') return { kind: 'allow', ...facts };
  return decision.reason === undefined
    ? { kind: 'deny', ...(decision.by ? { by: decision.by } : {}), ...facts }
    : {
        kind: 'deny',
        reason: decision.reason,
        ...(decision.by ? { by: decision.by } : {}),
        ...facts,
      };
}

function onceFacts(facts: ApprovalFacts): ApprovalFacts {
  const { rule: _rule, scope: _scope, choice, ...rest } = facts;
  if (choice === 'always') return { ...rest, choice: 'once' };
  if (choice === 'deny-always') return { ...rest, choice: 'deny' };
  return choice === undefined ? rest : { ...rest, choice };
}

/** The rule in force that decided a call, as its record says it. */
function byRule(verdict: Exclude<RuleVerdict, { action: 'ask' }>): ApprovalFacts {
  return verdict.rule
    ? { by: 'rule', rule: verdict.rule.text, source: verdict.by }
    : { by: 'rule', source: verdict.by };
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
  // A line with a program no one can name, or a shell reading code from input, has no safe rule.
  if (analysis.unknown || analysis.commands.some((c) => c.anyProgram)) return undefined;
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

// The choices a call's card offers build on the rules above; both entry points export them.
export * from './approval-choices';
