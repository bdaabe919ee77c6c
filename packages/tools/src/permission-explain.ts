import type { PermissionRequest } from '@agent/tool-contract';
import {
  decideByRules,
  parseRule,
  ruleNamesTool,
  type PermissionRule,
  type RuleVerdict,
} from './permission-rules';

/** What a verdict means for the person, in the words /permissions and `--explain` print. */
const OUTCOME: Record<RuleVerdict['action'], string> = {
  allow: 'runs without a card',
  ask: 'asks (a card in the REPL and the editor; a headless run refuses it unless --yes)',
  deny: 'denied (also under --yes)',
};

/** The request a `run_shell` call of `command` makes, as the tool makes it. */
export function commandRequest(command: string): PermissionRequest {
  return {
    toolCallId: 'explain',
    toolName: 'run_shell',
    permission: 'exec',
    title: `$ ${command}`,
    input: { command },
    subject: command,
    subjectKind: 'command',
  };
}

/**
 * Why `rules` let the command line `command` run without a card, ask, or deny it, rule by rule:
 * the verdict, the reason, what applied to each simple command and each write (the steps of the
 * decision itself, see decideByRules: nothing is derived a second time), and the rules that were
 * considered with where each comes from. Runs nothing.
 */
export async function explainCommand(
  rules: readonly PermissionRule[],
  command: string,
): Promise<string[]> {
  const verdict = await decideByRules(rules, commandRequest(command));
  const lines = [`$ ${command}`, `verdict: ${OUTCOME[verdict.action]}`];
  const why = verdict.action === 'ask' ? (verdict.notCovered ?? verdict.why) : verdict.by;
  if (why) lines.push(`why: ${why}`);
  const steps = verdict.steps ?? [];
  if (steps.length > 0) lines.push('step by step:', ...steps.map((step) => `  - ${step}`));
  const named = rules.filter((rule) => {
    try {
      const { tool } = parseRule(rule.text);
      return ruleNamesTool(tool, 'run_shell') || ruleNamesTool(tool, 'write_file');
    } catch {
      return false;
    }
  });
  lines.push(
    named.length === 0
      ? 'rules considered: none (only the list of known read-only commands applies)'
      : `rules considered (${named.length}):`,
    ...named.map((rule) => `  - ${rule.action} ${rule.text} (${rule.source})`),
  );
  return lines;
}
