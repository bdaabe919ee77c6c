import { posix } from 'node:path';
import type { Parser } from 'web-tree-sitter';
import { notReadOnly, isSystemPath } from './read-only-commands';
import { analyseCommand, type CommandAnalysis, type SimpleCommand } from './simple-commands';

/**
 * The words a command rule's pattern stands for, parsed as shell words (`python3 -c 'x y'` is three
 * words); a trailing `*` (`npm *`) adds nothing, since a rule is a prefix of words anyway.
 */
export function patternWords(parser: Parser, pattern: string): string[] {
  const bare = pattern.trim().replace(/\s*\*$/, '');
  const parsed = analyseCommand(parser, bare);
  const first = parsed.commands[0];
  if (
    !parsed.unknown &&
    parsed.commands.length === 1 &&
    first?.words.every((w) => w !== undefined)
  ) {
    return first.words as string[];
  }
  return bare.split(/\s+/).filter(Boolean);
}

/** How a command reads to a person: its words, `…` where one is only known at run time. */
export function commandText(command: SimpleCommand): string {
  const assigns = (command.assigns ?? []).map((a) => `${a.name}=${a.value ?? '…'} `).join('');
  return (
    assigns + command.words.map((word) => word ?? '…').join(' ') + (command.moreArgs ? ' …' : '')
  );
}

/**
 * Whether a deny rule's words match `command`: its words start with them, where a word only known
 * at run time (or an argument `xargs` adds) may be anything.
 */
export function denyMatches(words: readonly string[], command: SimpleCommand): boolean {
  if (words.length === 0) return false;
  if (command.anyProgram) return true;
  return words.every((word, at) => {
    if (at >= command.words.length) return command.moreArgs === true;
    const actual = command.words[at];
    return actual === undefined || actual === word;
  });
}

/**
 * Whether an allow rule's words cover `command`: its words start with them, each known, and its
 * program is the one the rule names (a path outside the system folders must be spelled out).
 */
export function allowCovers(words: readonly string[], command: SimpleCommand): boolean {
  if (words.length === 0 || words.length > command.words.length) return false;
  if (command.anyProgram) return false;
  if (command.path !== undefined && !isSystemPath(command.path) && words[0] !== command.path) {
    return false;
  }
  return (
    words.every((word, at) => at === 0 || command.words[at] === word) &&
    (words[0] === command.words[0] || words[0] === command.path)
  );
}

/** An allow rule as the checks need it: its words, and how to name it to a person. */
export interface AllowWords {
  words: readonly string[];
  label: string;
}

/** How the allow rules and the read-only list judged a line: why it is not covered, step by step. */
export interface Coverage {
  /** Why the line is not covered (the first reason), or undefined when it is. */
  why?: string;
  /** One line per simple command and per write, in order: what covered it, or why nothing did. */
  steps: string[];
}

/**
 * How the allow rules cover `analysis`: every simple command covered by a rule or a known
 * read-only command (when nothing in the line keeps it from running free, see freeBlockers), every
 * file it writes covered by `writeCovered`, every program named beforehand and nothing changing
 * what they run (cautions). `steps` says what applied to each part; `why` is the first failure.
 */
export function coverage(
  allowed: readonly AllowWords[],
  analysis: CommandAnalysis,
  writeCovered: (path: string) => boolean,
): Coverage {
  const steps: string[] = [];
  const reasons: string[] = [];
  if (analysis.unknown) {
    reasons.push(`not every program it runs can be named beforehand: ${analysis.unknown}`);
    steps.push(`the line: ${reasons[0]}`);
  }
  for (const caution of analysis.cautions) steps.push(`the line: ${caution}`);
  if (analysis.cautions.length > 0) reasons.push(analysis.cautions[0]!);
  const blocker = analysis.freeBlockers[0];
  for (const command of analysis.commands) {
    const text = `\`${commandText(command)}\``;
    const rule = allowed.find((allow) => allowCovers(allow.words, command));
    if (rule) {
      steps.push(`${text}: covered by ${rule.label}`);
      continue;
    }
    const notFree = notReadOnly(command);
    if (notFree === undefined && blocker === undefined) {
      steps.push(`${text}: a known read-only command`);
      continue;
    }
    if (notFree === undefined) {
      steps.push(
        `${text}: a known read-only command, but ${blocker}, so it does not run without a card`,
      );
      reasons.push(`${blocker}, so ${text} does not run without a card`);
      continue;
    }
    const detail = / is not on the list of read-only commands$/.test(notFree)
      ? ''
      : ` (${notFree})`;
    steps.push(`${text}: no allow rule covers it, and it is not read-only: ${notFree}`);
    reasons.push(
      `${text} is neither covered by an allow rule nor a known read-only command${detail}`,
    );
  }
  for (const path of analysis.writes) {
    if (path !== undefined && writeCovered(path)) {
      steps.push(`writes ${path}: covered by a write_file allow rule`);
      continue;
    }
    const why =
      path === undefined
        ? 'it redirects output into a file whose name is only known when it runs'
        : `it writes ${path} (a redirection or an option), which no write_file allow rule covers`;
    steps.push(`writes ${path ?? 'a file named at run time'}: ${why}`);
    reasons.push(why);
  }
  return reasons.length > 0 ? { why: reasons[0]!, steps } : { steps };
}

const INTERPRETERS =
  /^(python[\d.]*|node|nodejs|deno|bun|ruby|perl|php|lua|Rscript|bash|sh|zsh|dash|ksh|fish|pwsh|osascript|java)$/;
const RUNNERS = new Set(['run', 'run-script', 'exec', 'x', 'dlx']);
/**
 * Programs (and git subcommands) that destroy what they are given. A rule is a prefix of words,
 * so an "always" for one would cover any target (`rm` allows `rm -rf ~`): they get none.
 */
const DESTROYERS = /^(rm|rmdir|unlink|shred|dd|wipefs|mkfs(\.\w+)?|truncate|kill|pkill|killall)$/;
const DESTROYING_GIT = new Set(['clean', 'reset']);

/**
 * The words an "always" answer offers for `command`: the program with its subcommand (`npm test`,
 * `git status`, `cargo test`, `python3 -m unittest`, `npm run build`), never a bare interpreter:
 * an interpreter given code or options (`python3 -c 'print(1)'`) is offered exactly as written.
 * None for a program that destroys what it is given (`rm`, `dd`, `git clean`...).
 */
export function suggestedWords(command: SimpleCommand): string[] | undefined {
  const known = command.words.findIndex((word) => word === undefined);
  const words = (known === -1 ? command.words : command.words.slice(0, known)) as string[];
  if (words.length === 0) return undefined;
  const [program, second, third] = words;
  if (DESTROYERS.test(posix.basename(program!))) return undefined;
  if (posix.basename(program!) === 'git' && second !== undefined && DESTROYING_GIT.has(second)) {
    return undefined;
  }
  const head = command.path !== undefined && !isSystemPath(command.path) ? command.path : program!;
  if (INTERPRETERS.test(program!)) {
    if (second === '-m' && third !== undefined) return [head, second, third];
    if (second !== undefined && !second.startsWith('-')) return [head, second];
    return [head, ...words.slice(1)];
  }
  if (second === undefined || !/^[a-z][\w:.-]*$/i.test(second)) return [head];
  if (RUNNERS.has(second) && third !== undefined && /^[\w:.@/-]+$/.test(third)) {
    return [head, second, third];
  }
  return [head, second];
}

/** Words as a rule pattern, quoted where the shell would need it. */
export function wordsAsPattern(words: readonly string[]): string {
  return words
    .map((word) => (/^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`))
    .join(' ');
}
