import type { SyntaxNode } from './shell-parser';
import { isLocalName, mayHoldSecret, unsafeAssignment } from './shell-variables';
import { wordValue } from './shell-words';

/**
 * What one parse of a line learns about its variables while it is walked: what it assigns, what it
 * expands and what it evaluates as arithmetic. Judged once the whole line is seen (see settle).
 */
export interface VariableScope {
  /** Values the line gives each variable (undefined: only known at run time). */
  assigned: Map<string, Array<string | undefined>>;
  /** Variables it expands. */
  reads: Set<string>;
  /** Variables whose values bash evaluates as arithmetic (`$((x))`, `[[ 1 -eq $x ]]`). */
  arithmetic: Set<string>;
  /** Why a part of it is an expansion that may run code (the first found). */
  unproven?: string;
  /** Why no part of it may run free as read-only (see CommandAnalysis.freeBlockers). */
  freeBlockers: string[];
}

export function newScope(): VariableScope {
  return { assigned: new Map(), reads: new Set(), arithmetic: new Set(), freeBlockers: [] };
}

/** Records that the line sets `name` to `value` (a prefix, a statement, a loop, `${x:=...}`). */
export function noteSet(
  scope: VariableScope,
  name: string,
  value: string | undefined,
  lineWide: boolean,
): void {
  scope.assigned.set(name, [...(scope.assigned.get(name) ?? []), value]);
  if (!lineWide || isLocalName(name)) return;
  const why = unsafeAssignment(value === undefined ? { name } : { name, value });
  if (why) scope.freeBlockers.push(`${why}, for every later command of the line`);
}

function unproven(scope: VariableScope, why: string): void {
  scope.unproven ??= why;
}

const IDENTIFIER = /^[A-Za-z_]\w*$/;
const ARITHMETIC_LITERAL = /^(0[xX][0-9a-fA-F]+|\d+(#[0-9a-zA-Z@_]+)?)$/;

/**
 * `${...}`: a length, a default, an alternative, an error, a pattern removal or substitution, case
 * conversion, a literal substring, or a literal subscript are inert. An indirection (`${!x}`), a
 * transformation (`${x@P}` runs the command substitutions in x's value), an arithmetic offset or
 * subscript over a variable, and anything else the parser cannot place, may run code.
 */
export function checkExpansion(node: SyntaxNode, scope: VariableScope): void {
  if (node.type === 'simple_expansion') {
    const name = node.namedChildren[0]?.text;
    if (name !== undefined) scope.reads.add(name);
    return;
  }
  const body = node.text.slice(2, -1);
  if (body.startsWith('!')) {
    return unproven(scope, `the indirect expansion ${node.text} can evaluate code in a value`);
  }
  const subscript = node.namedChildren.find((child) => child?.type === 'subscript');
  let name: string | undefined;
  let rest: string;
  if (subscript) {
    name = subscript.childForFieldName('name')?.text;
    const index = subscript.childForFieldName('index');
    if (!index || !/^(\d+|@|\*)$/.test(index.text)) {
      return unproven(scope, `the subscript of ${node.text} is arithmetic over a non-literal`);
    }
    rest = body.replace(/^#?[A-Za-z_]\w*\[[^\]]*\]/, '');
  } else {
    const match = /^#?([A-Za-z_]\w*|\d+|[?#$!@*_-])(.*)$/s.exec(body);
    if (!match) return unproven(scope, `${node.text} is an expansion that cannot be proven inert`);
    name = match[1];
    rest = match[2]!;
  }
  if (name !== undefined) scope.reads.add(name);
  if (rest === '' || /^:?[-+?]/.test(rest) || /^(##?|%%?|\/[/#%]?|\^\^?|,,?)/.test(rest)) return;
  if (/^:?=/.test(rest) && name !== undefined) return noteSet(scope, name, undefined, true);
  if (/^:\s*-?\d+\s*(:\s*-?\d+\s*)?$/.test(rest)) return;
  if (rest.startsWith('@')) {
    return unproven(scope, `the parameter transformation ${node.text} can run code in a value`);
  }
  if (rest.startsWith(':')) {
    return unproven(scope, `the offset in ${node.text} is arithmetic over a non-literal`);
  }
  unproven(scope, `${node.text} is an expansion that cannot be proven inert`);
}

/** Whether `node` is an arithmetic context: `$((...))`, `$[...]`, `((...))`, `for ((...))`. */
export function isArithmetic(node: SyntaxNode): boolean {
  if (node.type === 'arithmetic_expansion' || node.type === 'c_style_for_statement') return true;
  return node.type === 'compound_statement' && node.children[0]?.type === '((';
}

/** Notes the variables an arithmetic context evaluates (a subscript or a string in it may run code). */
export function checkArithmetic(node: SyntaxNode, scope: VariableScope): void {
  const walk = (part: SyntaxNode) => {
    switch (part.type) {
      case 'variable_name':
        scope.arithmetic.add(part.text);
        return;
      case 'word':
        if (IDENTIFIER.test(part.text)) scope.arithmetic.add(part.text);
        else if (!ARITHMETIC_LITERAL.test(part.text)) {
          unproven(scope, `the arithmetic ${node.text} evaluates ${part.text}`);
        }
        return;
      case 'simple_expansion':
      case 'expansion': {
        const name = /^\$\{?#?([A-Za-z_]\w*)/.exec(part.text)?.[1];
        if (name !== undefined) scope.arithmetic.add(name);
        return;
      }
      case 'subscript':
      case 'string':
      case 'raw_string':
      case 'ansi_c_string':
        return unproven(scope, `the arithmetic ${node.text} evaluates ${part.text}`);
      case 'command_substitution':
      case 'do_group':
        return;
    }
    for (const child of part.namedChildren) if (child) walk(child);
  };
  for (const child of node.namedChildren) if (child && child.type !== 'do_group') walk(child);
}

const ARITHMETIC_TESTS = new Set(['-eq', '-ne', '-lt', '-le', '-gt', '-ge']);

/**
 * `[[ ... ]]`: the operands of `-eq` and its kin are evaluated as arithmetic, and `-v NAME` with
 * a subscript evaluates it; a plain number or variable name is inert.
 */
export function checkTest(node: SyntaxNode, scope: VariableScope): void {
  const operand = (part: SyntaxNode | null) => {
    if (!part || part.type === 'number') return;
    const value = wordValue(part);
    if (value !== undefined) {
      if (IDENTIFIER.test(value)) scope.arithmetic.add(value);
      else if (!ARITHMETIC_LITERAL.test(value)) {
        unproven(scope, `[[ ]] evaluates ${part.text} as arithmetic`);
      }
      return;
    }
    const name = /^"?\$\{?([A-Za-z_]\w*)\}?"?$/.exec(part.text)?.[1];
    if (name === undefined) return unproven(scope, `[[ ]] evaluates ${part.text} as arithmetic`);
    scope.arithmetic.add(name);
  };
  const walk = (part: SyntaxNode) => {
    const operator = part.childForFieldName('operator')?.text;
    if (part.type === 'binary_expression' && operator && ARITHMETIC_TESTS.has(operator)) {
      operand(part.childForFieldName('left'));
      operand(part.childForFieldName('right'));
    }
    if (part.type === 'unary_expression' && (operator === '-v' || operator === '-R')) {
      const target = part.namedChildren.find((c) => c && c.type !== 'test_operator');
      const value = target ? wordValue(target) : undefined;
      if (value === undefined || !IDENTIFIER.test(value)) {
        unproven(scope, `[[ ${operator} ${target?.text ?? ''} ]] can evaluate a subscript`);
      }
    }
    for (const child of part.namedChildren) if (child) walk(child);
  };
  walk(node);
}

/** `test -v X` and `[ -v X ]` evaluate X's subscript, if it has one. */
export function checkTestWords(
  words: ReadonlyArray<string | undefined>,
  scope: VariableScope,
): void {
  if (!words.slice(0, 3).some((word) => word === 'test' || word === '[')) return;
  words.forEach((word, at) => {
    if ((word === '-v' || word === '-R') && !IDENTIFIER.test(words[at + 1] ?? '')) {
      unproven(scope, `test ${word} ${words[at + 1] ?? '…'} can evaluate a subscript`);
    }
  });
}

/** Builtins that give variables values the line does not show (read from input, and the like). */
const SETTERS = new Set([
  'read',
  'mapfile',
  'readarray',
  'declare',
  'typeset',
  'local',
  'export',
  'readonly',
  'getopts',
  'printf',
  'let',
  'source',
  '.',
]);

/**
 * Judges what the walk noted, once the whole line is seen. Returns why the line may run code no
 * one can name beforehand (arithmetic over a value that is not a number the line gave it), if so,
 * and adds to `freeBlockers` each expansion of a variable that may hold a secret.
 */
export function settle(
  scope: VariableScope,
  programs: ReadonlyArray<string | undefined>,
): string | undefined {
  for (const name of scope.reads) {
    if (!scope.assigned.has(name) && mayHoldSecret(name)) {
      scope.freeBlockers.push(`it expands $${name}, which may hold a secret`);
    }
  }
  if (scope.unproven) return scope.unproven;
  if (scope.arithmetic.size === 0) return undefined;
  const setter = programs.find((program) => program !== undefined && SETTERS.has(program));
  for (const name of scope.arithmetic) {
    const values = scope.assigned.get(name);
    if (setter !== undefined) {
      return `it evaluates $${name} as arithmetic and ${setter} may give it any value, which arithmetic would run`;
    }
    if (!values) {
      return `it evaluates $${name} as arithmetic, and a value from the environment could run a command there`;
    }
    if (values.some((value) => value === undefined || !ARITHMETIC_LITERAL.test(value))) {
      return `it evaluates $${name} as arithmetic, and a value that is not a plain number could run a command there`;
    }
  }
  return undefined;
}
