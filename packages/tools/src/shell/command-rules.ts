import type { Parser } from 'web-tree-sitter';
import { isReadOnly, isSystemPath } from './read-only-commands';
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
  return command.words.map((word) => word ?? '…').join(' ') + (command.moreArgs ? ' …' : '');
}

/**
 * Whether a deny rule's words match `command`: its words start with them, where a word only known
 * at run time (or an argument `xargs` adds) may be anything.
 */
export function denyMatches(words: readonly string[], command: SimpleCommand): boolean {
  if (words.length === 0) return false;
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
  if (command.path !== undefined && !isSystemPath(command.path) && words[0] !== command.path) {
    return false;
  }
  return (
    words.every((word, at) => at === 0 || command.words[at] === word) &&
    (words[0] === command.words[0] || words[0] === command.path)
  );
}

/**
 * Why the allow rules (their words) do not cover `analysis`, or undefined when they do: every
 * simple command is covered by a rule or is a known read-only command, every file it writes is
 * covered by `writeCovered`, and every program could be named beforehand.
 */
export function uncoveredBy(
  allowed: readonly (readonly string[])[],
  analysis: CommandAnalysis,
  writeCovered: (path: string) => boolean,
): string | undefined {
  if (analysis.unknown)
    return `not every program it runs can be named beforehand: ${analysis.unknown}`;
  if (analysis.cautions.length > 0) return analysis.cautions[0];
  const loose = analysis.commands.find(
    (command) => !isReadOnly(command) && !allowed.some((words) => allowCovers(words, command)),
  );
  if (loose)
    return `\`${commandText(loose)}\` is neither covered by an allow rule nor a known read-only command`;
  const write = analysis.writes.find((path) => path === undefined || !writeCovered(path));
  if (analysis.writes.length > 0 && (write !== undefined || analysis.writes.includes(undefined))) {
    return write === undefined
      ? 'it redirects output into a file whose name is only known when it runs'
      : `it writes ${write} (a redirection), which no write_file allow rule covers`;
  }
  return undefined;
}

const INTERPRETERS =
  /^(python[\d.]*|node|nodejs|deno|bun|ruby|perl|php|lua|Rscript|bash|sh|zsh|dash|ksh|fish|pwsh|osascript|java)$/;
const RUNNERS = new Set(['run', 'run-script', 'exec', 'x', 'dlx']);

/**
 * The words an "always" answer offers for `command`: the program with its subcommand (`npm test`,
 * `git status`, `cargo test`, `python3 -m unittest`, `npm run build`), never a bare interpreter:
 * an interpreter given code or options (`python3 -c 'print(1)'`) is offered exactly as written.
 */
export function suggestedWords(command: SimpleCommand): string[] | undefined {
  const known = command.words.findIndex((word) => word === undefined);
  const words = (known === -1 ? command.words : command.words.slice(0, known)) as string[];
  if (words.length === 0) return undefined;
  const [program, second, third] = words;
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
