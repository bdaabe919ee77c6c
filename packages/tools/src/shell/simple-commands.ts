import type { Parser } from 'web-tree-sitter';
import { expandWrappers, programName } from './command-wrappers';
import { parseShell, type SyntaxNode } from './shell-parser';
import { wordValue } from './shell-words';

/** One program a command line runs, as the shell will run it. */
export interface SimpleCommand {
  /** Its words, quotes removed, the program by its base name; undefined where only known at run time. */
  words: Array<string | undefined>;
  /** The program as written when it was a path (`/usr/bin/touch`, `./ls`). */
  path?: string;
  /** More arguments come from input at run time (`xargs`). */
  moreArgs?: boolean;
}

/** What a command line does, as far as permission rules need to know. */
export interface CommandAnalysis {
  /** Every simple command it may run: through lists, pipelines, bodies, substitutions and wrappers. */
  commands: SimpleCommand[];
  /** Files its redirections write (undefined: a path only known at run time). */
  writes: Array<string | undefined>;
  /** Why not every program it runs can be named beforehand (`eval`, `$cmd`, a syntax error). */
  unknown?: string;
  /** Why it may run something other than its words say (`PATH=. ls`, `git -c alias.x=!sh`). */
  cautions: string[];
}

/** Variables that change which program runs or what it loads. */
const PROGRAM_CHANGING =
  /^(PATH|LD_\w+|BASH_ENV|ENV|IFS|CDPATH|PROMPT_COMMAND|BASH_FUNC\w*|PYTHON\w*|NODE_OPTIONS|NODE_PATH|PERL\w*|RUBY\w*|GIT_\w+|DYLD_\w+)$/;

/** Targets a redirection may write without writing a file. */
const HARMLESS_TARGETS = new Set(['/dev/null', '/dev/stdout', '/dev/stderr', '/dev/tty']);

const MAX_DEPTH = 4;

/**
 * Parses `command` with the bash grammar into the simple commands it runs. A script that cannot
 * be parsed (or nested `sh -c` deeper than a few levels) is reported as `unknown`, never guessed at.
 */
export function analyseCommand(parser: Parser, command: string, depth = 0): CommandAnalysis {
  const analysis: CommandAnalysis = { commands: [], writes: [], cautions: [] };
  if (depth > MAX_DEPTH) {
    analysis.unknown = `it nests shells (sh -c) more than ${MAX_DEPTH} deep`;
    return analysis;
  }
  const parsed = parseShell(parser, command);
  if ('error' in parsed) {
    analysis.unknown = parsed.error;
    return analysis;
  }
  try {
    visit(parsed.root, analysis, (script) => analyseCommand(parser, script, depth + 1));
  } finally {
    parsed.dispose();
  }
  return analysis;
}

type Nested = (script: string) => CommandAnalysis;

function visit(node: SyntaxNode, analysis: CommandAnalysis, nested: Nested): void {
  switch (node.type) {
    case 'command':
      return visitCommand(node, analysis, nested);
    case 'file_redirect':
      visitRedirect(node, analysis);
      break;
    case 'variable_assignment':
      noteAssignment(node, analysis);
      break;
    case 'comment':
      return;
  }
  for (const child of node.namedChildren) if (child) visit(child, analysis, nested);
}

function visitCommand(node: SyntaxNode, analysis: CommandAnalysis, nested: Nested): void {
  const name = node.childForFieldName('name');
  const words: Array<string | undefined> = [];
  for (const child of node.namedChildren) {
    if (!child) continue;
    if (child.type === 'variable_assignment' || child.type === 'file_redirect') {
      visit(child, analysis, nested);
      continue;
    }
    words.push(wordValue(child));
    // Substitutions inside a word run too: `echo $(touch x)`.
    for (const part of child.namedChildren) if (part) visit(part, analysis, nested);
  }
  if (!name) return;
  const program = words[0];
  if (program === undefined) {
    analysis.unknown = `its program "${name.text}" is only known when it runs`;
    return;
  }
  const first: SimpleCommand = { words: [programName(program), ...words.slice(1)] };
  if (program.includes('/')) first.path = program;
  expandWrappers(first, analysis, nested);
}

function noteAssignment(node: SyntaxNode, analysis: CommandAnalysis): void {
  const name = node.childForFieldName('name')?.text ?? '';
  if (PROGRAM_CHANGING.test(name)) {
    analysis.cautions.push(`it sets ${name}, which changes what programs run or load`);
  }
}

function visitRedirect(node: SyntaxNode, analysis: CommandAnalysis): void {
  const operator = node.children.find((child) => child && !child.isNamed)?.type ?? '';
  const destination = node.childForFieldName('destination');
  if (operator.startsWith('<') && operator !== '<>') return;
  if (
    operator === '>&-' ||
    (destination && /^(>&|<&)$/.test(operator) && /^\d+-?$/.test(destination.text))
  ) {
    return;
  }
  if (!destination) return;
  const target = wordValue(destination);
  if (target !== undefined && HARMLESS_TARGETS.has(target)) return;
  analysis.writes.push(target);
}
