import type { Parser } from 'web-tree-sitter';
import { expandWrappers, programName } from './command-wrappers';
import {
  checkArithmetic,
  checkExpansion,
  checkTest,
  checkTestWords,
  isArithmetic,
  newScope,
  noteSet,
  settle,
  type VariableScope,
} from './expansion-checks';
import { secretPath } from './secret-paths';
import { parseShell, type SyntaxNode } from './shell-parser';
import { PROGRAM_CHANGING, unsafeAssignment, type Assignment } from './shell-variables';
import { wordValue } from './shell-words';
import { noteWrite } from './written-files';

/** One program a command line runs, as the shell will run it. */
export interface SimpleCommand {
  /** Its words, quotes removed, the program by its base name; undefined where only known at run time. */
  words: Array<string | undefined>;
  /** The program as written when it was a path (`/usr/bin/touch`, `./ls`). */
  path?: string;
  /** More arguments come from input at run time (`xargs`). */
  moreArgs?: boolean;
  /** Variables set for it alone: `A=1 cmd`, `env A=1 cmd`. */
  assigns?: Assignment[];
  /**
   * Why it could be any program at all (a shell reading its script from a pipe, `source <(...)`):
   * it matches every deny rule, and no allow rule covers it.
   */
  anyProgram?: string;
}

/** What a command line does, as far as permission rules need to know. */
export interface CommandAnalysis {
  /** Every simple command it may run: through lists, pipelines, bodies, substitutions and wrappers. */
  commands: SimpleCommand[];
  /** Files its redirections write (undefined: a path only known at run time). */
  writes: Array<string | undefined>;
  /** Why not every program it runs can be named beforehand (`eval`, `$cmd`, `$((x))`, a syntax error). */
  unknown?: string;
  /** Why it may run something other than its words say (`PATH=. ls`, `git -c alias.x=!sh`). */
  cautions: string[];
  /**
   * Why none of its commands may run without a card just for being read-only, though an allow rule
   * may still cover them: it reads a credential (`cat ~/.ssh/id_rsa`), expands a variable that may
   * hold a secret (`echo $OPENAI_API_KEY`), or sets an exported variable for the rest of the line.
   */
  freeBlockers: string[];
}

/** Programs that read the contents of every file below the folders they are given. */
function readsRecursively(words: ReadonlyArray<string | undefined>): boolean {
  const [program, ...args] = words;
  if (program === 'rg') return true;
  const options = args.filter((a): a is string => a !== undefined && a.startsWith('-'));
  if (program === 'grep' || program === 'egrep' || program === 'fgrep') {
    return options.some(
      (a) =>
        /^-[^-]*[rR]/.test(a) ||
        /^--(recursive|dereference-recursive|directories=recurse|d=recurse)/.test(a) ||
        a === '-drecurse',
    );
  }
  if (program === 'diff')
    return options.some((a) => /^-[^-]*r/.test(a) || a.startsWith('--recursive'));
  return false;
}

const MAX_DEPTH = 4;

/**
 * Parses `command` with the bash grammar into the simple commands it runs. A script that cannot
 * be parsed (or nested `sh -c` deeper than a few levels) is reported as `unknown`, never guessed at.
 */
export function analyseCommand(parser: Parser, command: string, depth = 0): CommandAnalysis {
  const analysis: CommandAnalysis = { commands: [], writes: [], cautions: [], freeBlockers: [] };
  if (depth > MAX_DEPTH) {
    analysis.unknown = `it nests shells (sh -c) more than ${MAX_DEPTH} deep`;
    return analysis;
  }
  const parsed = parseShell(parser, command);
  if ('error' in parsed) {
    analysis.unknown = parsed.error;
    return analysis;
  }
  const scope = newScope();
  try {
    visit(parsed.root, analysis, scope, (script) => analyseCommand(parser, script, depth + 1));
  } finally {
    parsed.dispose();
  }
  const hidden = settle(
    scope,
    analysis.commands.map((command) => command.words[0]),
  );
  if (hidden !== undefined) analysis.unknown ??= hidden;
  analysis.freeBlockers.push(...scope.freeBlockers);
  return analysis;
}

type Nested = (script: string) => CommandAnalysis;

function visit(
  node: SyntaxNode,
  analysis: CommandAnalysis,
  scope: VariableScope,
  nested: Nested,
): void {
  switch (node.type) {
    case 'command':
      return visitCommand(node, analysis, scope, nested);
    case 'declaration_command':
    case 'unset_command':
      visitDeclaration(node, analysis, scope, nested);
      break;
    case 'file_redirect':
      visitRedirect(node, analysis);
      break;
    case 'variable_assignment':
      noteAssignment(node, analysis, scope, true);
      break;
    case 'for_statement': {
      const name = node.childForFieldName('variable')?.text;
      const values = node.childrenForFieldName('value').filter((v) => v !== null);
      if (name !== undefined) {
        for (const value of values.length > 0 ? values : [undefined]) {
          noteSet(scope, name, value ? wordValue(value) : undefined, true);
        }
        if (PROGRAM_CHANGING.test(name)) {
          analysis.cautions.push(
            `it sets ${name} in a loop, which changes what programs run or load`,
          );
        }
      }
      break;
    }
    case 'simple_expansion':
    case 'expansion':
      checkExpansion(node, scope);
      break;
    case 'test_command':
      checkTest(node, scope);
      break;
    case 'comment':
      return;
  }
  if (isArithmetic(node)) checkArithmetic(node, scope);
  for (const child of node.namedChildren) if (child) visit(child, analysis, scope, nested);
}

function visitCommand(
  node: SyntaxNode,
  analysis: CommandAnalysis,
  scope: VariableScope,
  nested: Nested,
): void {
  const name = node.childForFieldName('name');
  const words: Array<string | undefined> = [];
  const texts: string[] = [];
  const assigns: Assignment[] = [];
  for (const child of node.namedChildren) {
    if (!child) continue;
    if (child.type === 'variable_assignment') {
      const assignment = noteAssignment(child, analysis, scope, false);
      if (assignment) assigns.push(assignment);
      for (const part of child.namedChildren) if (part) visit(part, analysis, scope, nested);
      continue;
    }
    if (child.type.endsWith('_redirect')) {
      visit(child, analysis, scope, nested);
      continue;
    }
    words.push(wordValue(child));
    texts.push(child.text);
    // Substitutions and expansions inside a word run too: `echo $(touch x)`.
    visit(child, analysis, scope, nested);
  }
  if (!name) return;
  checkTestWords(words, scope);
  const recursive = readsRecursively(words);
  words.slice(1).forEach((word, at) => {
    const secret = secretPath(word ?? texts[at + 1]!, recursive, word === undefined);
    if (secret) analysis.freeBlockers.push(secret);
  });
  const program = words[0];
  if (program === undefined) {
    analysis.unknown = `its program "${name.text}" is only known when it runs`;
    return;
  }
  const first: SimpleCommand = { words: [programName(program), ...words.slice(1)] };
  if (program.includes('/')) first.path = program;
  if (assigns.length > 0) first.assigns = assigns;
  expandWrappers(first, analysis, nested);
}

/** `export A=1`, `declare -p`, `unset X`: a command of its own (none of them only reads). */
function visitDeclaration(
  node: SyntaxNode,
  analysis: CommandAnalysis,
  scope: VariableScope,
  nested: Nested,
): void {
  const keyword = node.children[0]?.text;
  if (keyword === undefined) return;
  const words: Array<string | undefined> = [keyword];
  for (const child of node.namedChildren) {
    if (!child) continue;
    words.push(child.type === 'variable_name' ? child.text : wordValue(child));
  }
  expandWrappers({ words }, analysis, nested);
}

/** A variable assignment: a prefix of one command (`A=1 cmd`), or a statement for the line. */
function noteAssignment(
  node: SyntaxNode,
  analysis: CommandAnalysis,
  scope: VariableScope,
  lineWide: boolean,
): Assignment | undefined {
  const name = node.childForFieldName('name')?.text;
  if (name === undefined) return undefined;
  const valueNode = node.childForFieldName('value');
  const value = valueNode ? wordValue(valueNode) : '';
  noteSet(scope, name, value, lineWide);
  const assignment = value === undefined ? { name } : { name, value };
  if (PROGRAM_CHANGING.test(name) && unsafeAssignment(assignment) !== undefined) {
    analysis.cautions.push(`it sets ${name}, which changes what programs run or load`);
  }
  return assignment;
}

function visitRedirect(node: SyntaxNode, analysis: CommandAnalysis): void {
  const operator = node.children.find((child) => child && !child.isNamed)?.type ?? '';
  const destination = node.childForFieldName('destination');
  if (operator.startsWith('<') && operator !== '<>') {
    const value = destination ? wordValue(destination) : undefined;
    const secret = destination && secretPath(value ?? destination.text, false, value === undefined);
    if (secret) analysis.freeBlockers.push(secret);
    return;
  }
  if (
    operator === '>&-' ||
    (destination && /^(>&|<&)$/.test(operator) && /^\d+-?$/.test(destination.text))
  ) {
    return;
  }
  if (!destination) return;
  noteWrite(analysis, wordValue(destination));
}
