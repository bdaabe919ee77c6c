/**
 * Which shell variables a command line may set or expand and still count as harmless. Allow-lists,
 * not deny-lists: a name not listed here keeps a line from running without a card.
 */

/** One variable a line sets: by a prefix (`A=1 cmd`), `env A=1 cmd`, a statement or a loop. */
export interface Assignment {
  name: string;
  /** Its value, when known before the line runs. */
  value?: string;
}

/**
 * Variables that may be set on (or before) a command that otherwise runs without a card: they
 * change how output looks, never which program runs, what it loads or which configuration it reads.
 * A value pattern, when given, is what the value must be (a pager that is `cat` pages nothing).
 */
const HARMLESS_TO_SET: Record<string, RegExp | undefined> = {
  LANG: undefined,
  LANGUAGE: undefined,
  LC_ALL: undefined,
  LC_COLLATE: undefined,
  LC_CTYPE: undefined,
  LC_MESSAGES: undefined,
  LC_NUMERIC: undefined,
  LC_TIME: undefined,
  TZ: /^[\w+:-]*$/,
  NO_COLOR: undefined,
  CLICOLOR: undefined,
  COLUMNS: /^\d*$/,
  LINES: /^\d*$/,
  TERM: /^[\w.+-]*$/,
  TIME_STYLE: undefined,
  QUOTING_STYLE: undefined,
  BLOCK_SIZE: undefined,
  POSIXLY_CORRECT: undefined,
  GIT_PAGER: /^(cat)?$/,
  PAGER: /^(cat)?$/,
};

/** Why setting `assignment` keeps a command from running free, or undefined when it may. */
export function unsafeAssignment(assignment: Assignment): string | undefined {
  const { name, value } = assignment;
  if (Object.hasOwn(HARMLESS_TO_SET, name)) {
    const shape = HARMLESS_TO_SET[name];
    if (!shape) return undefined;
    if (value !== undefined && shape.test(value)) return undefined;
    return `it sets ${name} to a value other than ${shape.source === '^(cat)?$' ? '`cat`' : 'a plain one'}`;
  }
  return `it sets ${name}, which is not among the variables a command may set and still run without a card (LANG, LC_*, TZ, NO_COLOR, TERM, COLUMNS, ...)`;
}

/**
 * Whether a variable set by a statement of its own (`x=1; ...`) or a loop (`for x in ...`) is a
 * shell variable that no program sees: a name with a lower-case letter, other than the lower-case
 * variables programs do read (`http_proxy` and friends). An upper-case name may be one the shell
 * already exports (`HOME`, `PATH`, `GIT_DIR`), and then every later program sees the new value.
 */
export function isLocalName(name: string): boolean {
  return /[a-z]/.test(name) && !/^(https?|ftp|all|no)_proxy$/i.test(name);
}

/** Variables that change which program runs, what it loads or which configuration it reads. */
export const PROGRAM_CHANGING =
  /^(PATH|LD_\w+|BASH_ENV|ENV|IFS|CDPATH|PROMPT_COMMAND|PS4|BASHOPTS|SHELLOPTS|BASH_FUNC\w*|PYTHON\w*|NODE_OPTIONS|NODE_PATH|PERL\w*|RUBY\w*|GIT_\w+|DYLD_\w+|HOME|XDG_\w+|LESS|LESSOPEN|LESSCLOSE|LESSKEY\w*|PAGER|MANPAGER|MANOPT|EDITOR|VISUAL|SHELL|TERMINFO\w*|GNUPGHOME|SSH_\w+|NPM_CONFIG_\w+|npm_config_\w+)$/;

/**
 * Variables a harmless command line may expand: where the person is and how the terminal looks,
 * never a token. Any other variable of the environment may hold a secret (`$OPENAI_API_KEY`).
 */
const HARMLESS_TO_READ = new Set([
  'HOME',
  'PWD',
  'OLDPWD',
  'USER',
  'LOGNAME',
  'SHELL',
  'PATH',
  'LANG',
  'LANGUAGE',
  'TERM',
  'TZ',
  'COLUMNS',
  'LINES',
  'HOSTNAME',
  'HOSTTYPE',
  'OSTYPE',
  'MACHTYPE',
  'UID',
  'EUID',
  'PPID',
  'RANDOM',
  'SECONDS',
  'LINENO',
  'SHLVL',
  'TMPDIR',
  'BASH',
  'BASH_VERSION',
  'BASHPID',
  'IFS',
]);

/** Whether expanding `name` (not set by the line itself) may show something secret. */
export function mayHoldSecret(name: string): boolean {
  if (/^([?#$!@*_-]|\d+)$/.test(name)) return false;
  if (/^LC_\w+$/.test(name)) return false;
  return !HARMLESS_TO_READ.has(name);
}
