/** A JavaScript pattern as ripgrep (Rust regex syntax) reads it. */
export interface RustPattern {
  source: string;
  /**
   * Whether ripgrep's matching lines are exactly JavaScript's (a plain literal, case kept).
   * Otherwise they are a superset, and each line is checked again with the JavaScript pattern.
   */
  exact: boolean;
}

const JS_SPACE =
  '\\t\\n\\x{0B}\\x{0C}\\r\\x{20}\\x{A0}\\x{1680}\\x{2000}-\\x{200A}\\x{2028}\\x{2029}\\x{202F}\\x{205F}\\x{3000}\\x{FEFF}';
const CLASS_ESCAPES: Record<string, string> = { d: '0-9', w: 'A-Za-z0-9_', s: JS_SPACE };
const SIMPLE_ESCAPES: Record<string, number> = { t: 9, n: 10, v: 11, f: 12, r: 13 };

/**
 * Translates a JavaScript regular expression (no `u` flag) into a Rust one that matches at least
 * the lines the JavaScript one matches, or undefined when that cannot be promised (lookaround,
 * backreferences, lone surrogates, unusual syntax): the caller then searches in JavaScript.
 * `\d \w \s \b` and `.` keep their JavaScript meaning (ASCII digits and word characters,
 * JavaScript's white space, `.` stopping at any line terminator); literals are written as code
 * points, so nothing is read as Rust-only syntax. One difference remains and is accepted: a
 * character outside the Basic Multilingual Plane is two units for JavaScript's `.` and one for
 * Rust's.
 */
export function toRustPattern(pattern: string, ignoreCase: boolean): RustPattern | undefined {
  let out = '';
  let literalOnly = true;
  let index = 0;
  const literal = (code: number): string => `\\x{${code.toString(16).toUpperCase()}}`;
  while (index < pattern.length) {
    const char = pattern[index];
    const code = pattern.charCodeAt(index);
    if (code >= 0xd800 && code <= 0xdfff) return undefined;
    if (char === '\\') {
      const escaped = escape(pattern, index + 1, false);
      if (!escaped) return undefined;
      out += escaped.source;
      literalOnly &&= escaped.literal;
      index = escaped.next;
      continue;
    }
    if (char === '[') {
      const parsed = characterClass(pattern, index + 1);
      if (!parsed) return undefined;
      out += parsed.source;
      literalOnly = false;
      index = parsed.next;
      continue;
    }
    if (char === '(') {
      literalOnly = false;
      if (pattern.startsWith('(?:', index)) {
        out += '(?:';
        index += 3;
      } else if (pattern[index + 1] === '?') {
        const named = /^\(\?<([A-Za-z_$][\w$]*)>/.exec(pattern.slice(index));
        if (!named) return undefined;
        out += '(';
        index += named[0].length;
      } else {
        out += '(';
        index++;
      }
      continue;
    }
    if (char === '{') {
      const quantifier = /^\{\d+(,\d*)?\}/.exec(pattern.slice(index));
      if (quantifier && out !== '') {
        out += quantifier[0];
        index += quantifier[0].length;
        literalOnly = false;
      } else {
        out += literal(code);
        index++;
      }
      continue;
    }
    if (char === '.') {
      out += '[^\\n\\r\\x{2028}\\x{2029}]';
      literalOnly = false;
    } else if ('^$|)*+?'.includes(char)) {
      out += char;
      literalOnly = false;
    } else if (/[A-Za-z0-9]/.test(char)) {
      out += char;
    } else {
      out += literal(code);
    }
    index++;
  }
  if (out === '') return undefined;
  return { source: ignoreCase ? `(?i)${out}` : out, exact: literalOnly && !ignoreCase };
}

interface Piece {
  source: string;
  next: number;
  /** Whether the piece stands for one literal character. */
  literal: boolean;
  /** The code point, for a literal usable as a range end. */
  code?: number;
  /** Written as itself, not escaped (only an unescaped `-` makes a range). */
  raw?: boolean;
}

/** The escape starting after a backslash at `at`; `inClass` reads `\b` as backspace. */
function escape(pattern: string, at: number, inClass: boolean): Piece | undefined {
  const char = pattern[at];
  if (char === undefined) return undefined;
  const one = (code: number, next: number): Piece => ({
    source: `\\x{${code.toString(16).toUpperCase()}}`,
    next,
    literal: true,
    code,
  });
  const lower = char.toLowerCase();
  if (lower in CLASS_ESCAPES) {
    const body = CLASS_ESCAPES[lower];
    if (inClass) return char === lower ? { source: body, next: at + 1, literal: false } : undefined;
    return { source: char === lower ? `[${body}]` : `[^${body}]`, next: at + 1, literal: false };
  }
  if (char === 'b' || char === 'B') {
    if (inClass) return char === 'b' ? one(8, at + 1) : undefined;
    return { source: `(?-u:\\${char})`, next: at + 1, literal: false };
  }
  if (char in SIMPLE_ESCAPES) return one(SIMPLE_ESCAPES[char], at + 1);
  if (char === '0' && !/[0-9]/.test(pattern[at + 1] ?? '')) return one(0, at + 1);
  if (/[0-9]/.test(char) || char === 'k' || char === 'c' || char === 'p' || char === 'P') {
    return undefined;
  }
  if (char === 'x' || char === 'u') {
    const digits = char === 'x' ? 2 : 4;
    const hex = pattern.slice(at + 1, at + 1 + digits);
    if (hex.length === digits && /^[0-9A-Fa-f]+$/.test(hex)) {
      const code = parseInt(hex, 16);
      if (code >= 0xd800 && code <= 0xdfff) return undefined;
      return one(code, at + 1 + digits);
    }
    return one(char.charCodeAt(0), at + 1);
  }
  const code = pattern.charCodeAt(at);
  if (code >= 0xd800 && code <= 0xdfff) return undefined;
  return one(code, at + 1);
}

/** The class whose body starts at `at` (after `[`). */
function characterClass(pattern: string, at: number): Piece | undefined {
  let index = at;
  let negated = false;
  if (pattern[index] === '^') {
    negated = true;
    index++;
  }
  const items: Piece[] = [];
  while (index < pattern.length && pattern[index] !== ']') {
    let item: Piece | undefined;
    if (pattern[index] === '\\') item = escape(pattern, index + 1, true);
    else {
      const code = pattern.charCodeAt(index);
      if (code >= 0xd800 && code <= 0xdfff) return undefined;
      item = {
        source: `\\x{${code.toString(16).toUpperCase()}}`,
        next: index + 1,
        literal: true,
        code,
        raw: true,
      };
    }
    if (!item) return undefined;
    items.push(item);
    index = item.next;
  }
  if (index >= pattern.length) return undefined;
  if (items.length === 0)
    return negated ? { source: '(?s:.)', next: index + 1, literal: false } : undefined;
  let body = '';
  for (let i = 0; i < items.length; i++) {
    const [low, dash, high] = [items[i], items[i + 1], items[i + 2]];
    if (dash?.code === 0x2d && dash.raw === true && low.literal && high?.literal) {
      if ((high.code ?? 0) < (low.code ?? 0)) return undefined;
      body += `${low.source}-${high.source}`;
      i += 2;
    } else {
      body += items[i].source;
    }
  }
  return { source: `[${negated ? '^' : ''}${body}]`, next: index + 1, literal: false };
}
