import type { SyntaxNode } from './shell-parser';

/**
 * The value of one shell word with its quotes and escapes removed, or undefined when the shell
 * only knows it while running: an expansion (`$x`, `${x}`), a substitution (`$(..)`, `<(..)`), a
 * glob or a brace expansion (`*.c`, `t{o,}uch`).
 */
export function wordValue(node: SyntaxNode): string | undefined {
  switch (node.type) {
    case 'word':
      return unquotedWord(node.text);
    case 'command_name': {
      const inner = node.firstNamedChild;
      return inner ? wordValue(inner) : undefined;
    }
    case 'number':
      return node.text;
    case 'raw_string':
      return node.text.slice(1, -1);
    case 'ansi_c_string':
      return ansiC(node.text.slice(2, -1));
    case 'string':
    case 'translated_string':
      return stringValue(node);
    case 'concatenation': {
      // Brace expansion: `t{o,}uch`, `{1..3}` (a bare `{}`, as find -exec takes, is literal).
      if (/\{[^}]*(,|\.\.)[^}]*\}/.test(node.text)) return undefined;
      let value = '';
      for (const part of node.namedChildren) {
        if (!part) return undefined;
        const piece = wordValue(part);
        if (piece === undefined) return undefined;
        value += piece;
      }
      return value;
    }
    default:
      return undefined;
  }
}

/** An unquoted word: globs and brace expansions are dynamic; `\x` is `x`, `\` newline nothing. */
function unquotedWord(text: string): string | undefined {
  const bare = text.replace(/\\./gs, '');
  if (/[*?[]/.test(bare) || /\{[^}]*(,|\.\.)[^}]*\}/.test(bare)) return undefined;
  return text.replace(/\\\n/g, '').replace(/\\(.)/gs, '$1');
}

function stringValue(node: SyntaxNode): string | undefined {
  let value = '';
  for (const part of node.namedChildren) {
    if (part?.type !== 'string_content') return undefined;
    value += part.text.replace(/\\\n/g, '').replace(/\\(["\\$`])/g, '$1');
  }
  return value;
}

const C_ESCAPES: Record<string, string> = {
  a: '\x07',
  b: '\b',
  e: '\x1b',
  E: '\x1b',
  f: '\f',
  n: '\n',
  r: '\r',
  t: '\t',
  v: '\v',
  '\\': '\\',
  "'": "'",
  '"': '"',
  '?': '?',
};

/** The text of `$'...'`: C escapes, octal `\nnn`, hex `\xHH`, `\uHHHH`; others are dynamic. */
function ansiC(body: string): string | undefined {
  let unknown = false;
  const value = body.replace(
    /\\(x[0-9a-fA-F]{1,2}|u[0-9a-fA-F]{1,4}|U[0-9a-fA-F]{1,8}|[0-7]{1,3}|.)/gs,
    (_, esc: string) => {
      if (/^[xuU]/.test(esc) && esc.length > 1) {
        return String.fromCodePoint(parseInt(esc.slice(1), 16));
      }
      if (/^[0-7]/.test(esc)) return String.fromCharCode(parseInt(esc, 8));
      if (esc in C_ESCAPES) return C_ESCAPES[esc]!;
      unknown = true;
      return '';
    },
  );
  return unknown ? undefined : value;
}
