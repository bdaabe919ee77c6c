/**
 * Text every line the pattern matches must contain, as UTF-8 bytes, or undefined when none is
 * certain: the longest run of plain characters outside groups and classes whose every character
 * is required (not under `?`, `*` or `{0,`). Only for patterns without `|` and without the `i`
 * flag. A file whose bytes lack it cannot match, so it is never decoded or sent to a matcher.
 */
export function requiredLiteral(pattern: string, flags: string): Buffer | undefined {
  if (flags.includes('i') || pattern.includes('|')) return undefined;
  let best = '';
  let run = '';
  const close = (): void => {
    if (run.length > best.length) best = run;
    run = '';
  };
  for (let index = 0; index < pattern.length;) {
    const char = pattern[index];
    let literal: string | undefined;
    let next = index + 1;
    if (/[A-Za-z0-9 _\-'"/:;,<>=@#%&~`!]/.test(char)) literal = char;
    else if (char === '\\' && /[.*+?^$(){}[\]|\\/-]/.test(pattern[index + 1] ?? '')) {
      literal = pattern[index + 1];
      next = index + 2;
    } else if (char === '\\') {
      // Another escape (a class, a backreference, a code): skip it and any digits after it.
      close();
      next = index + 2;
      while (/[0-9A-Fa-f]/.test(pattern[next] ?? '')) next++;
      index = next;
      continue;
    } else if (char === '(' || char === '[') {
      close();
      next = skipBalanced(pattern, index);
      if (next < 0) return undefined;
      index = next;
      continue;
    }
    if (literal === undefined) {
      close();
      const quantifier = char === '{' ? /^\{\d+(,\d*)?\}/.exec(pattern.slice(index)) : null;
      index = quantifier ? index + quantifier[0].length : next;
      continue;
    }
    const quantifier = pattern[next];
    if (
      quantifier === '?' ||
      quantifier === '*' ||
      (quantifier === '{' && /^\{0[,}]/.test(pattern.slice(next)))
    ) {
      close();
    } else if (quantifier === '+' || quantifier === '{') {
      run += literal;
      close();
    } else {
      run += literal;
    }
    index = next;
  }
  close();
  return best.length >= 3 ? Buffer.from(best, 'utf8') : undefined;
}

/** The index after the group or class opening at `start` (and after its quantifier), or -1. */
function skipBalanced(pattern: string, start: number): number {
  let depth = 0;
  let inClass = false;
  for (let index = start; index < pattern.length; index++) {
    const char = pattern[index];
    if (char === '\\') {
      index++;
      continue;
    }
    if (inClass) {
      if (char === ']') {
        inClass = false;
        if (depth === 0) return index + 1;
      }
      continue;
    }
    if (char === '[') inClass = true;
    else if (char === '(') depth++;
    else if (char === ')') {
      depth--;
      if (depth === 0) return index + 1;
    }
  }
  return -1;
}
