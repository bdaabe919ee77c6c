type Words = ReadonlyArray<string | undefined>;

/**
 * A program's options as GNU getopt reads them: `short` in getopt's notation (`"f:o:ap"`: a letter
 * followed by `:` takes a value, by `::` an optional attached one), `long` the long names, `=` after
 * a name taking a value (`"output="`), `?` an optional attached one (`"differences?"`).
 */
export interface OptionSpec {
  short: string;
  long?: string;
}

/** One option found: its canonical name (`-o`, `--output`) and value, if it took one. */
export interface FoundOption {
  name: string;
  value?: string;
  /** The value is a word only known at run time. */
  valueUnknown?: boolean;
}

export interface ParsedOptions {
  found: FoundOption[];
  /** Index of the first operand (after `--`, when there was one). */
  operands: number;
  /** An option word was only known at run time (it could be any option). */
  unknown: boolean;
}

type Arity = 'none' | 'required' | 'optional';

function shortArity(spec: string, letter: string): Arity {
  const at = spec.indexOf(letter);
  if (at === -1 || letter === ':') return 'none';
  if (spec[at + 1] !== ':') return 'none';
  return spec[at + 2] === ':' ? 'optional' : 'required';
}

function longNames(spec: string | undefined): Array<{ name: string; arity: Arity }> {
  return (spec ?? '')
    .split(/\s+/)
    .filter(Boolean)
    .map((entry) => {
      const last = entry.at(-1);
      if (last === '=') return { name: entry.slice(0, -1), arity: 'required' as const };
      if (last === '?') return { name: entry.slice(0, -1), arity: 'optional' as const };
      return { name: entry, arity: 'none' as const };
    });
}

/**
 * Resolves a long option as getopt does: an exact name, else a unique prefix (`--out` is
 * `--output`). An ambiguous or unknown name is kept as written, taking no value.
 */
function resolveLong(
  written: string,
  names: ReadonlyArray<{ name: string; arity: Arity }>,
): { name: string; arity: Arity } {
  const exact = names.find((n) => n.name === written);
  if (exact) return exact;
  const prefixed = names.filter((n) => n.name.startsWith(written));
  return prefixed.length === 1 ? prefixed[0]! : { name: written, arity: 'none' };
}

/**
 * Reads the options at the start of `args` (a wrapper's arguments: options stop at the first
 * operand, as with getopt's `+`), with bundled short options (`-uoFILE`), attached and separate
 * values (`-o F`, `-oF`, `--output=F`, `--output F`) and unique prefixes of long options.
 */
export function readOptions(args: Words, spec: OptionSpec): ParsedOptions {
  const names = longNames(spec.long);
  const found: FoundOption[] = [];
  let at = 0;
  let unknown = false;
  const take = (name: string, arity: Arity, attached: string | undefined) => {
    if (attached !== undefined || arity === 'optional') {
      found.push(attached === undefined ? { name } : { name, value: attached });
      return;
    }
    if (arity === 'none') {
      found.push({ name });
      return;
    }
    const value = args[at];
    at++;
    found.push(value === undefined ? { name, valueUnknown: true } : { name, value });
  };
  while (at < args.length) {
    const arg = args[at];
    if (arg === undefined) {
      unknown = true;
      break;
    }
    if (arg === '--') {
      at++;
      break;
    }
    if (!arg.startsWith('-') || arg === '-') break;
    at++;
    if (arg.startsWith('--')) {
      const eq = arg.indexOf('=');
      const written = eq === -1 ? arg.slice(2) : arg.slice(2, eq);
      const option = resolveLong(written, names);
      take(`--${option.name}`, option.arity, eq === -1 ? undefined : arg.slice(eq + 1));
      continue;
    }
    for (let i = 1; i < arg.length; i++) {
      const letter = arg[i]!;
      const arity = shortArity(spec.short, letter);
      if (arity === 'none') {
        found.push({ name: `-${letter}` });
        continue;
      }
      const rest = arg.slice(i + 1);
      take(`-${letter}`, arity, rest === '' ? undefined : rest);
      break;
    }
  }
  return { found, operands: at, unknown };
}
