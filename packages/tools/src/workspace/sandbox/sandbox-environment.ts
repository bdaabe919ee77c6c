/** The private temporary folder every sandboxed command gets (empty, writable, gone after). */
export const SANDBOX_TMP = '/tmp';

/**
 * The variables a sandboxed command gets from the agent's environment: where programs and the
 * home folder are, who and where the person is, the terminal and its colours, the language and
 * time zone, the pager and editor, and where the usual toolchains are installed. A name ending
 * in `*` stands for every name with that start. Nothing else passes: a secret has no usual name
 * (`DATABASE_URL`, `MYSQL_PWD`, `GH_PAT`, `SENTRY_DSN`), so names are allowed, not filtered.
 */
export const SANDBOX_ENV_NAMES: readonly string[] = [
  'PATH',
  'HOME',
  'USER',
  'LOGNAME',
  'SHELL',
  'HOSTNAME',
  'LANG',
  'LANGUAGE',
  'LC_*',
  'TZ',
  'TERM',
  'COLORTERM',
  'COLUMNS',
  'LINES',
  'NO_COLOR',
  'FORCE_COLOR',
  'CLICOLOR',
  'CI',
  'PAGER',
  'GIT_PAGER',
  'GIT_TERMINAL_PROMPT',
  'EDITOR',
  'VISUAL',
  'JAVA_HOME',
  'GOPATH',
  'GOROOT',
  'CARGO_HOME',
  'RUSTUP_HOME',
  'VIRTUAL_ENV',
  'PNPM_HOME',
  'NVM_DIR',
];

/** Whether `name` is a variable name or a `PREFIX*` pattern the allow-list accepts. */
export function isSandboxEnvName(name: string): boolean {
  return /^[A-Za-z_][A-Za-z0-9_]*\*?$/.test(name);
}

/**
 * `env` for a sandboxed command: only the variables SANDBOX_ENV_NAMES and `allowed` (the
 * person's config.json `sandboxAllowEnv`, same form) name, and TMPDIR the private /tmp.
 */
export function sandboxEnvironment(
  env: NodeJS.ProcessEnv,
  allowed: readonly string[] = [],
): NodeJS.ProcessEnv {
  const names = [...SANDBOX_ENV_NAMES, ...allowed];
  const exact = new Set(names.filter((name) => !name.endsWith('*')));
  const prefixes = names.filter((name) => name.endsWith('*')).map((name) => name.slice(0, -1));
  const kept: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(env)) {
    if (exact.has(name) || prefixes.some((prefix) => name.startsWith(prefix))) kept[name] = value;
  }
  kept.TMPDIR = SANDBOX_TMP;
  return kept;
}
