import type { Parser } from 'web-tree-sitter';
import { describe, isMatch, ruleNamesTool, type Parsed, type RuleVerdict } from './rule-basics';
import {
  allowCovers,
  commandText,
  coverage,
  denyMatches,
  patternWords,
} from './shell/command-rules';
import { analyseCommand } from './shell/simple-commands';

/**
 * What `named` (the rules naming run_shell) and `all` (every rule, for write_file) decide for the
 * command line `command`, with the steps that led there (see decideByRules).
 */
export function decideCommand(
  parser: Parser,
  named: Parsed[],
  all: Parsed[],
  command: string,
): RuleVerdict {
  const analysis = analyseCommand(parser, command);
  const steps: string[] = [];
  const denies = named.filter((p) => p.rule.action === 'deny');
  const denyWords = denies.map((deny) => ({ deny, words: patternWords(parser, deny.pattern!) }));
  const hits = analysis.commands.map((simple) => ({
    simple,
    hit: denyWords.find(({ words }) => denyMatches(words, simple))?.deny,
  }));
  for (const { deny, words } of denyWords) {
    const hit = analysis.commands.find((simple) => denyMatches(words, simple));
    if (!hit) continue;
    const any = hit.anyProgram ? ` (${hit.anyProgram}, so every deny rule matches it)` : '';
    const by = `${describe(deny.rule)}, which matches \`${commandText(hit)}\`${any}`;
    const each = hits.map(({ simple, hit: rule }) =>
      rule
        ? `\`${commandText(simple)}\`: matches ${describe(rule.rule)}`
        : `\`${commandText(simple)}\`: no deny rule matches it`,
    );
    return { action: 'deny', by, rule: deny.rule, steps: [...each, `denied: ${by}`] };
  }
  if (denies.length > 0) {
    steps.push(
      `no deny rule matches any of its commands (${denies.map((d) => d.rule.text).join(', ')} checked)`,
    );
  }
  // `git -c alias.x=push x` runs what a deny rule for git names under another name.
  const gitDeny = denies.find((p) => patternWords(parser, p.pattern!)[0] === 'git');
  const gitCaution = analysis.cautions.find((caution) => caution.startsWith('git '));
  if (gitDeny && gitCaution) {
    const by = `${describe(gitDeny.rule)}: ${gitCaution}, so what it runs cannot be checked against the rule`;
    return { action: 'deny', by, rule: gitDeny.rule, steps: [...steps, `denied: ${by}`] };
  }
  if (analysis.unknown && denies.length > 0) {
    const rule = denies[0]!.rule;
    const by = `${describe(rule)}: a command with a deny rule runs only when every program in it can be named beforehand, and here ${analysis.unknown}`;
    return { action: 'deny', by, rule, steps: [...steps, `denied: ${by}`] };
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
    if (deny) {
      const by = `${describe(deny.rule)}, since the command writes ${target ?? 'a file named at run time'}`;
      return { action: 'deny', by, rule: deny.rule, steps: [...steps, `denied: ${by}`] };
    }
  }
  const wholeAllow = named.find((p) => p.rule.action === 'allow' && p.pattern === undefined);
  if (wholeAllow) {
    const by = describe(wholeAllow.rule);
    return {
      action: 'allow',
      by,
      rule: wholeAllow.rule,
      steps: [...steps, `allowed: ${by}, which names the whole tool`],
    };
  }
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
  const judged = coverage(
    allows.map((p) => ({ words: patternWords(parser, p.pattern!), label: describe(p.rule) })),
    analysis,
    writeCovered,
  );
  steps.push(...judged.steps);
  if (judged.why === undefined) {
    const rule = allows.find((p) =>
      analysis.commands.some((c) => allowCovers(patternWords(parser, p.pattern!), c)),
    )?.rule;
    return rule
      ? { action: 'allow', by: describe(rule), rule, steps }
      : { action: 'allow', by: 'known read-only commands', steps };
  }
  if (allows.length === 0) return { action: 'ask', why: judged.why, steps };
  const checked = allows.map((p) => `${p.rule.text} (${p.rule.source})`).join(', ');
  return {
    action: 'ask',
    notCovered: `the allow rule${allows.length > 1 ? 's' : ''} ${checked} did not cover it: ${judged.why}`,
    why: judged.why,
    steps,
  };
}

/** A redirection's target as a workspace path (commands run in the workspace root), if it is one. */
function workspacePath(target: string): string | undefined {
  if (target.startsWith('/') || target.startsWith('~')) return undefined;
  const parts = target.split('/').filter((part) => part !== '' && part !== '.');
  return parts.length === 0 || parts.includes('..') ? undefined : parts.join('/');
}
