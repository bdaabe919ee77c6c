/** A `${VAR}` reference with no value and no default. */
export class MissingVariableError extends Error {
  override name = 'MissingVariableError';
  constructor(readonly variable: string) {
    super(`environment variable ${variable} is not set (referenced as \${${variable}})`);
  }
}

const REFERENCE = /\$\{([A-Za-z_][A-Za-z0-9_]*)(?::-([^}]*))?\}/g;

/**
 * `text` with every `${VAR}` replaced by the variable's value and every `${VAR:-default}` by the
 * value or, when unset or empty, the default. Throws {@link MissingVariableError} for a `${VAR}`
 * that is unset. The result may hold secrets: it goes to the server, never into a session.
 * `substituted` collects the values taken from `env` (defaults are not secret).
 */
export function expandVariables(
  text: string,
  env: NodeJS.ProcessEnv,
  substituted?: Set<string>,
): string {
  return text.replace(REFERENCE, (_match, name: string, fallback: string | undefined) => {
    const value = env[name];
    if (value === undefined && fallback === undefined) throw new MissingVariableError(name);
    if (fallback !== undefined && !value) return fallback;
    // Only values from the environment may be secret: a default is written in the file.
    substituted?.add(value!);
    return value!;
  });
}

/**
 * `text` with every substituted value (as collected by {@link expandVariables}) replaced by
 * `***`, so an error message or a server's stderr can be shown without the secret it echoes.
 */
export function redactValues(text: string, substituted: ReadonlySet<string>): string {
  let out = text;
  const values = [...substituted].filter((value) => value.length >= 4);
  values.sort((a, b) => b.length - a.length);
  for (const value of values) out = out.split(value).join('***');
  return out;
}

/** Every value of `record` expanded with {@link expandVariables}. */
export function expandRecord(
  record: Record<string, string> | undefined,
  env: NodeJS.ProcessEnv,
  substituted?: Set<string>,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(record ?? {})) {
    out[key] = expandVariables(value, env, substituted);
  }
  return out;
}

/** Every item of `list` expanded with {@link expandVariables}. */
export function expandList(
  list: readonly string[],
  env: NodeJS.ProcessEnv,
  substituted?: Set<string>,
): string[] {
  return list.map((item) => expandVariables(item, env, substituted));
}

/** The names of the variables `text` references (`${VAR}`, `${VAR:-default}`), in order, once each. */
export function referencedVariables(text: string): string[] {
  const names = new Set<string>();
  for (const match of text.matchAll(REFERENCE)) names.add(match[1]!);
  return [...names];
}
